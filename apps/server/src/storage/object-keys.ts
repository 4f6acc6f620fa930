import {
  pickerFileName,
  resourceType,
  sanitizeFileName,
  uploadFileName,
  uuid,
  type ResourceTypeKey,
} from '@lectern/contract';
import { assertSafeKey } from './storage';

/**
 * Object keys are built here and nowhere else (DESIGN §7):
 *   subjects/{subjectId}/{uuid}-{fileName}
 *   preview-videos/{catalogueId}/{uuid}-{fileName}
 *   {resource type folder}{fileName}           (the picker's name rule, no unique id)
 * Names pass the spec's sanitiser after a few hardening steps, so no name can leave its folder.
 */

// Controls, format characters (zero-width, bidirectional overrides and isolates, the BOM), lone
// surrogates, private-use characters, and look-alike slashes that survive NFKC (fraction slash,
// division slash, big solidus, reverse solidus operator, set minus, small reverse solidus).
const INVISIBLE_OR_SLASHLIKE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\u2044\u2215\u29f5\u29f8\u29f9\u2216\ufe68]/gu;
/** Longest stored name, in UTF-8 bytes (a key segment must stay under 255 with the unique id). */
const MAX_NAME_BYTES = 180;

function truncateBytes(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let out = '';
  for (const ch of text) {
    if (Buffer.byteLength(out + ch) > maxBytes) break;
    out += ch;
  }
  return out;
}

/** Keeps the extension when a long name is cut. */
function limitName(name: string): string {
  if (Buffer.byteLength(name) <= MAX_NAME_BYTES) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return truncateBytes(name.slice(0, name.length - ext.length), MAX_NAME_BYTES - Buffer.byteLength(ext)) + ext;
}

/**
 * A chosen file name made safe before the spec's rule applies: Unicode compatibility forms folded
 * (a full-width '／' becomes '/', which the sanitiser then strips), controls and invisible or
 * slash-like characters dropped. The spec's sanitiser then removes '/', '\\' and the other special
 * characters; the callers also drop leading dots (no hidden or '..' names).
 */
export function preSanitize(name: string): string {
  return name.replace(INVISIBLE_OR_SLASHLIKE, '').normalize('NFKC').replace(INVISIBLE_OR_SLASHLIKE, '').trim();
}

/** The name stored for a video: spec 1 §5 (special characters and spaces removed), then `{uuid}-`. */
export function videoFileName(name: string, id: string = uuid()): { stored: string; bare: string } {
  // NFC last: removing a character can leave combining marks that compose with the letter before them.
  const bare = limitName(sanitizeFileName(preSanitize(name)).replace(/\s+/g, '').replace(/^\.+/, '').normalize('NFC'));
  if (bare === '') return { stored: '', bare };
  return { stored: uploadFileName(bare, id), bare };
}

/** The name stored for a picker upload: spec 2 §5 (special characters removed, first space a hyphen). */
export function resourceFileName(name: string): string {
  const cleaned = sanitizeFileName(preSanitize(name))
    .replace(/^[\s.]+/, '')
    .trim();
  return limitName(pickerFileName(cleaned).normalize('NFC'));
}

/** The folder (key prefix, ending in '/') of a subject's videos. */
export function subjectFolder(subjectId: string): string {
  return `subjects/${subjectId}/`;
}

/** The folder of a catalogue's preview videos. */
export function previewFolder(catalogueId: string): string {
  return `preview-videos/${catalogueId}/`;
}

/** The folder of a resource type. */
export function resourceFolder(type: ResourceTypeKey): string {
  return resourceType(type).folder;
}

/** A key inside `folder` for `storedName`; refuses anything that would not stay a direct child of it. */
export function keyIn(folder: string, storedName: string): string {
  if (storedName === '' || storedName.includes('/') || storedName.includes('\\')) {
    throw new Error(`not a plain file name: ${JSON.stringify(storedName)}`);
  }
  const key = `${folder}${storedName}`;
  assertSafeKey(key);
  if (!isDirectChild(folder, key)) throw new Error(`key outside ${folder}`);
  return key;
}

/** True when `key` is a file directly inside `folder` (no deeper, no '..'). */
export function isDirectChild(folder: string, key: string): boolean {
  if (!folder.endsWith('/') || !key.startsWith(folder)) return false;
  const rest = key.slice(folder.length);
  return rest !== '' && rest !== '.' && rest !== '..' && !rest.includes('/') && !rest.includes('\\');
}

/** The name after the unique id of a video key: `{uuid}-{name}` -> `{name}`. */
export function nameAfterId(storedName: string): string {
  const match = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-(.+)$/i.exec(storedName);
  return match ? match[1]! : storedName;
}

/** The last segment of a key. */
export function baseName(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}

/** `/files/a%20b/c.png` style path of a key: each segment URL-encoded. */
export function encodeKeyPath(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}
