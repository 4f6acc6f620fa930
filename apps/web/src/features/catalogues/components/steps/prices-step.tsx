import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { ADD_ON_AUTOMATION_TYPES, SUBSCRIPTION_TYPES } from '@lectern/contract';
import { SectionCard } from '../../../../components/section-card';
import { NEW_ADD_ON, NEW_SUBSCRIPTION, type CatalogueFormInput } from '../catalogue-form';
import { useEditor } from '../editor-context';
import { RupeesInput, SelectInput, SwitchInput, TextInput } from '../fields';

const TYPE_OPTIONS = SUBSCRIPTION_TYPES.map((value) => ({
  value,
  label: value === 'FIXED' ? 'Fixed: ends on a date' : 'Duration: months from purchase',
}));
const AUTOMATION_LABELS: Record<(typeof ADD_ON_AUTOMATION_TYPES)[number], string> = {
  NONE: 'By staff',
  DELIVERY: 'Delivery (printed material)',
  EMAIL: 'E-mail on purchase',
};
const AUTOMATION_OPTIONS = ADD_ON_AUTOMATION_TYPES.map((value) => ({ value, label: AUTOMATION_LABELS[value] }));

const itemSx = {
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  p: 2,
};
const rowSx = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } };

function SubscriptionFields({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { control } = useFormContext<CatalogueFormInput>();
  const type = useWatch({ control, name: `subscriptions.${index}.subscriptionType` });
  return (
    <Box component="section" aria-label={`Subscription ${index + 1}`} sx={itemSx}>
      <Box sx={rowSx}>
        <TextInput
          name={`subscriptions.${index}.subscriptionLabel`}
          label="Subscription label"
          required
          maxLength={120}
        />
        <SelectInput
          name={`subscriptions.${index}.subscriptionType`}
          label="Subscription type"
          options={TYPE_OPTIONS}
        />
      </Box>
      <Box sx={rowSx}>
        {type === 'FIXED' ? (
          <TextInput name={`subscriptions.${index}.subscriptionEndDate`} label="End date" type="date" required />
        ) : (
          <TextInput name={`subscriptions.${index}.numberOfMonths`} label="Number of months" required maxLength={3} />
        )}
        <SwitchInput name={`subscriptions.${index}.featured`} label="Featured" />
      </Box>
      <Box sx={rowSx}>
        <RupeesInput
          name={`subscriptions.${index}.price`}
          label="Price"
          required
          helperText="What a student pays, GST included."
        />
        <RupeesInput
          name={`subscriptions.${index}.listPrice`}
          label="List price"
          helperText="Optional: the struck-through price before the offer."
        />
      </Box>
      <Box>
        <Button color="error" onClick={onRemove} aria-label={`Remove subscription ${index + 1}`}>
          Remove
        </Button>
      </Box>
    </Box>
  );
}

/**
 * Subscriptions (FIXED with an end date, or DURATION with a number of months) and add-ons, their prices
 * typed in rupees. FINANCE changes these; add-ons' names and fulfilment stay the publisher's.
 */
export function PricesStep() {
  const { readOnly } = useEditor();
  const { control } = useFormContext<CatalogueFormInput>();
  const subscriptions = useFieldArray({ control, name: 'subscriptions' });
  const addOns = useFieldArray({ control, name: 'addOns' });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <SectionCard
        title="Subscriptions"
        action={
          <Button startIcon={<AddIcon />} onClick={() => subscriptions.append({ ...NEW_SUBSCRIPTION })}>
            Add subscription
          </Button>
        }
      >
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {subscriptions.fields.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              No subscriptions yet: a catalogue is sold through its subscriptions.
            </Typography>
          )}
          {subscriptions.fields.map((subscription, index) => (
            <SubscriptionFields key={subscription.id} index={index} onRemove={() => subscriptions.remove(index)} />
          ))}
        </Box>
      </SectionCard>
      <SectionCard
        title="Add-ons"
        action={
          readOnly ? undefined : (
            <Button startIcon={<AddIcon />} onClick={() => addOns.append({ ...NEW_ADD_ON })}>
              Add add-on
            </Button>
          )
        }
      >
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {addOns.fields.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              No add-ons yet.
            </Typography>
          )}
          {addOns.fields.map((addOn, index) => (
            <Box key={addOn.id} component="section" aria-label={`Add-on ${index + 1}`} sx={itemSx}>
              <Box sx={rowSx}>
                <TextInput
                  name={`addOns.${index}.addOnName`}
                  label="Add-on name"
                  required
                  readOnly={readOnly}
                  maxLength={120}
                />
                <RupeesInput name={`addOns.${index}.price`} label="Add-on price" required />
              </Box>
              <Box sx={rowSx}>
                <TextInput
                  name={`addOns.${index}.description`}
                  label="Add-on description"
                  readOnly={readOnly}
                  maxLength={1000}
                />
                <SelectInput
                  name={`addOns.${index}.automationType`}
                  label="Fulfilment"
                  options={AUTOMATION_OPTIONS}
                  readOnly={readOnly}
                />
              </Box>
              {!readOnly && (
                <Box>
                  <Button color="error" onClick={() => addOns.remove(index)} aria-label={`Remove add-on ${index + 1}`}>
                    Remove
                  </Button>
                </Box>
              )}
            </Box>
          ))}
        </Box>
      </SectionCard>
    </Box>
  );
}
