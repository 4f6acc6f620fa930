import { Controller, useFormContext } from 'react-hook-form';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { formatMoney, type ListableCatalogue } from '@lectern/contract';
import { SwitchInput } from '../fields';
import type { StoreListingFormInput } from '../store-listing-form';
import { termBesideLabel } from '../plan-term';

const heading = { fontSize: '1rem', fontWeight: 600, mb: 1 } as const;

/** Which of the catalogue's own subscriptions (and which featured) and add-ons the listing shows; where it is featured. */
export function PlansStep({ catalogue }: { catalogue: ListableCatalogue | undefined }) {
  const { control } = useFormContext<StoreListingFormInput>();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box component="section" aria-labelledby="featured-heading">
        <Typography id="featured-heading" variant="h3" sx={heading}>
          Featured
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <SwitchInput name="featuredOnHomePage" label="Featured on homepage" />
          <SwitchInput name="featuredOnLeadPage" label="Featured on lead page" />
        </Box>
      </Box>
      {!catalogue ? (
        <Typography variant="body2" color="text.secondary">
          Choose the catalogue first: the listing shows its subscriptions and add-ons.
        </Typography>
      ) : (
        <>
          <Box component="section" aria-labelledby="subscriptions-heading">
            <Typography id="subscriptions-heading" variant="h3" sx={heading}>
              Subscriptions shown
            </Typography>
            {catalogue.subscriptions.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {`${catalogue.catalogueName} has no subscriptions yet.`}
              </Typography>
            ) : (
              <Controller
                control={control}
                name="subscriptions"
                render={({ field }) => (
                  <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                    {catalogue.subscriptions.map((s) => {
                      const chosen = field.value.find((c) => c.subscriptionId === s.subscriptionId);
                      return (
                        <Box
                          component="li"
                          key={s.subscriptionId}
                          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2 }}
                        >
                          <FormControlLabel
                            sx={{ flexGrow: 1, minWidth: 0 }}
                            control={
                              <Checkbox
                                checked={Boolean(chosen)}
                                onChange={(_event, on) =>
                                  field.onChange(
                                    on
                                      ? [...field.value, { subscriptionId: s.subscriptionId, featured: s.featured }]
                                      : field.value.filter((c) => c.subscriptionId !== s.subscriptionId),
                                  )
                                }
                              />
                            }
                            label={[s.subscriptionLabel, formatMoney(s.price), termBesideLabel(s)]
                              .filter(Boolean)
                              .join(' · ')}
                          />
                          <FormControlLabel
                            disabled={!chosen}
                            label="Highlight"
                            control={
                              <Switch
                                checked={chosen?.featured === true}
                                slotProps={{ input: { 'aria-label': `Highlight ${s.subscriptionLabel}` } }}
                                onChange={(_event, featured) =>
                                  field.onChange(
                                    field.value.map((c) =>
                                      c.subscriptionId === s.subscriptionId ? { ...c, featured } : c,
                                    ),
                                  )
                                }
                              />
                            }
                          />
                        </Box>
                      );
                    })}
                  </Box>
                )}
              />
            )}
          </Box>
          <Box component="section" aria-labelledby="addons-heading">
            <Typography id="addons-heading" variant="h3" sx={heading}>
              Add-ons shown
            </Typography>
            {catalogue.addOns.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {`${catalogue.catalogueName} has no add-ons.`}
              </Typography>
            ) : (
              <Controller
                control={control}
                name="addons"
                render={({ field }) => (
                  <Box sx={{ display: 'flex', flexDirection: 'column' }}>
                    {catalogue.addOns.map((addOn) => (
                      <FormControlLabel
                        key={addOn.addOnId}
                        control={
                          <Checkbox
                            checked={field.value.includes(addOn.addOnId)}
                            onChange={(_event, on) =>
                              field.onChange(
                                on ? [...field.value, addOn.addOnId] : field.value.filter((id) => id !== addOn.addOnId),
                              )
                            }
                          />
                        }
                        label={`${addOn.addOnName} · ${formatMoney(addOn.price)}`}
                      />
                    ))}
                  </Box>
                )}
              />
            )}
          </Box>
        </>
      )}
    </Box>
  );
}
