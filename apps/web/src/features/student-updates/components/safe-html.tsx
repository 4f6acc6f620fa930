import { createElement, type ReactNode } from 'react';
import Box from '@mui/material/Box';

// The tags the rich-text editor writes (StarterKit without links): everything else is dropped and only
// its text kept, and no attribute is ever copied, so no script, handler, style or address gets through.
const ALLOWED = new Set([
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  's',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'hr',
]);
const DROPPED = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript', 'svg', 'math']);

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const tag = (node as Element).tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = Array.from(node.childNodes).map(toReact);
  if (!ALLOWED.has(tag)) return createElement('span', { key }, ...children);
  if (tag === 'br' || tag === 'hr') return createElement(tag, { key });
  return createElement(tag, { key }, ...children);
}

/**
 * Rich text as React elements, built from an allow-list (the preview of text not yet saved, which the
 * server has not sanitised yet): parsing with DOMParser runs nothing and loads nothing.
 */
export function SafeHtml({ html }: { html: string }) {
  const document = new DOMParser().parseFromString(html, 'text/html');
  return (
    <Box
      sx={{
        overflowWrap: 'anywhere',
        '& p': { my: 0.75 },
        '& ul, & ol': { pl: 2.5, my: 0.75 },
        '& h2, & h3, & h4': { fontSize: '1rem', fontWeight: 700, mt: 1.5, mb: 0.5 },
      }}
    >
      {Array.from(document.body.childNodes).map(toReact)}
    </Box>
  );
}
