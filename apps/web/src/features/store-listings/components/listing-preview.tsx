import type { ReactNode } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import { formatMoney, plural, type StoreListing } from '@lectern/contract';
import { useVideoUrl } from '../../../lib/queries/get-video-url';
import { htmlText } from './completeness';
import { termBesideLabel } from './plan-term';

/** The phone and desktop widths the preview shows the listing at. */
export const PREVIEW_WIDTHS = { phone: 390, desktop: 1024 } as const;
export type PreviewWidth = keyof typeof PREVIEW_WIDTHS;

/** Server-sanitised HTML (the server strips scripts, handlers and javascript: links before it stores it). */
function Html({ html }: { html: string }) {
  return (
    <Box
      sx={{ '& p': { my: 1 }, '& ul, & ol': { pl: 3 }, overflowWrap: 'anywhere' }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography variant="h3" sx={{ fontSize: '1.125rem', fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function VideoCard({ video }: { video: StoreListing['previewVideos'][number] }) {
  const urls = useVideoUrl(video.videoId);
  const key = video.thumbnail ?? '';
  // the signed address of the chosen thumbnail holds its key; else the poster
  const image =
    (key && urls.data?.thumbnailUrls.find((url) => decodeURIComponent(url).includes(key))) ||
    urls.data?.posterUrl ||
    urls.data?.thumbnailUrls[0] ||
    null;
  return (
    <Box sx={{ width: 200, flexShrink: 0 }}>
      <Box
        sx={{
          position: 'relative',
          aspectRatio: '16 / 9',
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'grey.300',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        {image && (
          <Box
            component="img"
            src={image}
            alt=""
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
          />
        )}
        <PlayCircleOutlineIcon sx={{ position: 'relative', color: 'common.white', fontSize: 40 }} />
      </Box>
      <Typography variant="body2" sx={{ fontWeight: 600, mt: 0.5, overflowWrap: 'anywhere' }}>
        {video.title}
      </Typography>
      {video.tag && (
        <Typography variant="caption" color="text.secondary">
          {video.tag}
        </Typography>
      )}
    </Box>
  );
}

/** The listing as a student would see it in the store, from its saved data, at a phone or desktop width. */
export function ListingPreview({ listing, width }: { listing: StoreListing; width: PreviewWidth }) {
  const phone = width === 'phone';
  const name = listing.storeListingName || listing.catalogueName;
  const plans = listing.subscriptions.filter((s) => s.usageStatus === 'ACTIVE');
  return (
    <Paper
      variant="outlined"
      data-testid="listing-preview"
      data-width={width}
      aria-label={`Store preview at ${phone ? 'phone' : 'desktop'} width`}
      component="article"
      sx={{ width: '100%', maxWidth: PREVIEW_WIDTHS[width], mx: 'auto', p: phone ? 2 : 4, overflow: 'hidden' }}
    >
      <Box
        sx={{
          display: 'flex',
          gap: 2,
          alignItems: 'center',
          flexDirection: phone ? 'column' : 'row',
          textAlign: phone ? 'center' : 'left',
        }}
      >
        <Avatar
          variant="rounded"
          src={listing.storeIconUrl ?? undefined}
          alt=""
          sx={{ width: phone ? 72 : 96, height: phone ? 72 : 96, bgcolor: 'primary.main', fontSize: '2rem' }}
        >
          {name.charAt(0)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography
            variant="h2"
            sx={{ fontSize: phone ? '1.375rem' : '1.75rem', fontWeight: 700, overflowWrap: 'anywhere' }}
          >
            {name}
          </Typography>
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: 0.75,
              mt: 1,
              justifyContent: phone ? 'center' : 'flex-start',
            }}
          >
            {listing.category && (
              <Chip
                size="small"
                label={
                  listing.category.subCategory
                    ? `${listing.category.categoryName} · ${listing.category.subCategory.subCategoryName}`
                    : listing.category.categoryName
                }
              />
            )}
            <Chip size="small" label={plural(listing.storeListingHours, 'hour')} />
            {listing.studentTargetYear !== null && <Chip size="small" label={`For ${listing.studentTargetYear}`} />}
            {listing.programs.map((program) => (
              <Chip key={program} size="small" variant="outlined" label={program} />
            ))}
          </Box>
        </Box>
      </Box>
      {htmlText(listing.storeListingDescription) !== '' && <Html html={listing.storeListingDescription} />}

      {plans.length > 0 && (
        <Section title="Plans">
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: phone ? '1fr' : 'repeat(auto-fill, minmax(220px, 1fr))',
            }}
          >
            {plans.map(({ subscription, featured }) => (
              <Paper
                key={subscription.subscriptionId}
                variant="outlined"
                sx={{ p: 2, borderColor: featured ? 'primary.main' : 'divider', borderWidth: featured ? 2 : 1 }}
              >
                {featured && <Chip size="small" color="primary" label="Most popular" sx={{ mb: 1 }} />}
                <Typography sx={{ fontWeight: 600 }}>{subscription.subscriptionLabel}</Typography>
                {/* an amount never breaks after 'Rs.'; the list price may go to the next line as a whole */}
                <Typography sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
                  <Box component="span" sx={{ whiteSpace: 'nowrap' }} data-testid="plan-price">
                    {formatMoney(subscription.price)}
                  </Box>
                  {subscription.listPrice !== null && (
                    <>
                      {' '}
                      <Typography
                        component="s"
                        color="text.secondary"
                        sx={{ fontSize: '0.875rem', whiteSpace: 'nowrap' }}
                      >
                        {formatMoney(subscription.listPrice)}
                      </Typography>
                    </>
                  )}
                </Typography>
                {termBesideLabel(subscription) && (
                  <Typography variant="body2" color="text.secondary">
                    {termBesideLabel(subscription)}
                  </Typography>
                )}
              </Paper>
            ))}
          </Box>
          {listing.addons.length > 0 && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {`Add-ons: ${listing.addons.map((a) => `${a.addOnName} (${formatMoney(a.price)})`).join(', ')}`}
            </Typography>
          )}
        </Section>
      )}

      {listing.previewVideos.length > 0 && (
        <Section title="Preview videos">
          {/* scrolls sideways on a phone: focusable, so the keyboard scrolls it too */}
          <Box
            role="region"
            aria-label="Preview videos, scrolls sideways"
            tabIndex={0}
            sx={{ display: 'flex', gap: 2, overflowX: 'auto', pb: 1 }}
          >
            {listing.previewVideos.map((video) => (
              <VideoCard key={video.videoId} video={video} />
            ))}
          </Box>
        </Section>
      )}
      {htmlText(listing.examSyllabus) !== '' && (
        <Section title="Syllabus">
          <Html html={listing.examSyllabus} />
        </Section>
      )}
      {htmlText(listing.examPattern) !== '' && (
        <Section title="Exam pattern">
          <Html html={listing.examPattern} />
        </Section>
      )}
      {htmlText(listing.preparationTips) !== '' && (
        <Section title="Preparation tips">
          <Html html={listing.preparationTips} />
        </Section>
      )}
      {listing.testimonials.length > 0 && (
        <Section title="What students say">
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: phone ? '1fr' : 'repeat(2, minmax(0, 1fr))' }}>
            {listing.testimonials.map((t, index) => (
              <Paper key={index} variant="outlined" sx={{ p: 2, display: 'flex', gap: 1.5 }}>
                <Avatar src={t.authorImage ?? undefined} alt="">
                  {t.firstName.charAt(0)}
                </Avatar>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{`“${t.description}”`}</Typography>
                  <Typography variant="caption" sx={{ fontWeight: 600 }}>
                    {`${t.firstName} ${t.lastName}`.trim()}
                    {t.title && ` · ${t.title}`}
                  </Typography>
                </Box>
              </Paper>
            ))}
          </Box>
        </Section>
      )}
      {listing.faqs.length > 0 && (
        <Section title="Frequently asked questions">
          {listing.faqs.map((faq, index) => (
            <Accordion key={index} disableGutters variant="outlined">
              <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                <Typography sx={{ fontWeight: 600 }}>{faq.question}</Typography>
              </AccordionSummary>
              <AccordionDetails>
                <Html html={faq.answer} />
              </AccordionDetails>
            </Accordion>
          ))}
        </Section>
      )}
      {listing.questionPapers.length > 0 && (
        <Section title="Question papers">
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {listing.questionPapers.map((paper) => (
              <li key={paper.questionPaperUrl}>
                <Link href={paper.questionPaperUrl} target="_blank" rel="noreferrer">
                  {paper.questionPaperName}
                </Link>
              </li>
            ))}
          </Box>
        </Section>
      )}
      {listing.recommendationCourses.length > 0 && (
        <Section title="You may also like">
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {listing.recommendationCourses.map((r) => (
              <Chip key={r.storeListingId} label={r.storeListingName} variant="outlined" />
            ))}
          </Box>
        </Section>
      )}
    </Paper>
  );
}
