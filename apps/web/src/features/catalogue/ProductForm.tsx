import { zodResolver } from '../../lib/formResolver';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  DEFAULT_CARD_COLOUR,
  DEFAULT_POINT_COLOUR,
  DEFAULT_PRODUCT_COUNTRY,
  PRE_BOOK,
  PRODUCT_COLOURS,
  PRODUCT_TAGS,
  PRODUCT_TYPES,
  ProductInput,
  type ProductData,
} from '@vireo/contracts';
import type { ReactNode } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Control, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TextInput } from '../../components/TextInput';
import { setServerFieldErrors } from '../../lib/fieldErrors';
import { useColours } from './api';

export type ProductFormValues = z.input<typeof ProductInput>;
type Form = UseFormReturn<ProductFormValues, unknown, ProductData>;

const FLAGS = ['out_of_stock', 'active', 'discount_exempt', 'vat_exempt', 'shippable', 'bookable'] as const;
const FIELDS: readonly FieldPath<ProductFormValues>[] = [
  'country',
  'title',
  'sub_title',
  'price',
  'msrp',
  'sku',
  'type',
  'tags',
  ...FLAGS,
  'bundle_id',
  'service',
  'description',
  'points',
  'footer',
  'card_colour',
  'pre_book',
  ...Array.from({ length: 20 }, (_, i) => [`points.${i}.text`, `points.${i}.colour`] as const).flat(),
];

/** A new product's form: country UK and active by default; the other five flags must be chosen (spec 3 §2.3, §5). */
export const NEW_PRODUCT: ProductFormValues = {
  country: DEFAULT_PRODUCT_COUNTRY,
  title: '',
  sub_title: '',
  price: '',
  msrp: '',
  sku: '',
  type: undefined as unknown as ProductFormValues['type'],
  tags: [],
  out_of_stock: '' as unknown as 0,
  active: 1,
  bundle_id: '',
  service: '',
  description: '',
  points: [],
  footer: '',
  card_colour: DEFAULT_CARD_COLOUR,
  discount_exempt: '' as unknown as 0,
  vat_exempt: '' as unknown as 0,
  shippable: '' as unknown as 0,
  bookable: '' as unknown as 0,
  pre_book: null,
};

export function useProductForm(values: ProductFormValues): Form {
  return useForm<ProductFormValues, unknown, ProductData>({ resolver: zodResolver(ProductInput), defaultValues: values });
}

/** The server's field errors on the form's fields; answers whether any landed (else the caller toasts the message). */
export function placeServerErrors(form: Form, error: unknown): boolean {
  return setServerFieldErrors(error, form.setError, FIELDS);
}

/** A read-only form's group titles stay legible (MUI's disabled grey is below the contrast minimum). */
const READABLE_WHEN_DISABLED = { '&.Mui-disabled': { color: 'text.secondary' } } as const;

function Choice({ control, name, label, disabled, children }: { control: Control<ProductFormValues>; name: FieldPath<ProductFormValues>; label: string; disabled: boolean; children: ReactNode }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          label={label}
          name={field.name}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(event.target.value === '' ? '' : event.target.value)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          disabled={disabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? ' '}
        >
          {children}
        </TextField>
      )}
    />
  );
}

function YesNo({ control, name, disabled }: { control: Control<ProductFormValues>; name: (typeof FLAGS)[number]; disabled: boolean }) {
  const { t } = useTranslation('catalogue');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          label={t(`form.fields.${name}`)}
          name={field.name}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(event.target.value === '' ? '' : Number(event.target.value))}
          onBlur={field.onBlur}
          inputRef={field.ref}
          disabled={disabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? ' '}
        >
          <MenuItem value={1}>{t('form.yes')}</MenuItem>
          <MenuItem value={0}>{t('form.no')}</MenuItem>
        </TextField>
      )}
    />
  );
}

function Points({ control, disabled }: { control: Control<ProductFormValues>; disabled: boolean }) {
  const { t } = useTranslation('catalogue');
  const { fields, append, remove } = useFieldArray({ control, name: 'points' });
  return (
    <FormControl component="fieldset" disabled={disabled}>
      <FormLabel component="legend" sx={READABLE_WHEN_DISABLED}>{t('form.fields.points')}</FormLabel>
      <Stack spacing={1} sx={{ mt: 1 }}>
        {fields.map((point, index) => (
          <Stack key={point.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextInput control={control} name={`points.${index}.text`} label={t('form.fields.pointText', { n: index + 1 })} disabled={disabled} />
            <Box sx={{ minWidth: 180 }}>
              <Choice control={control} name={`points.${index}.colour`} label={t('form.fields.pointColour', { n: index + 1 })} disabled={disabled}>
                {PRODUCT_COLOURS.map((colour) => (
                  <MenuItem key={colour.name} value={colour.name}>
                    {colour.name}
                  </MenuItem>
                ))}
              </Choice>
            </Box>
            <Button onClick={() => remove(index)} disabled={disabled} aria-label={t('form.fields.removePoint', { n: index + 1 })} sx={{ mt: { sm: 1 } }}>
              ✕
            </Button>
          </Stack>
        ))}
        <Box>
          <Button variant="outlined" size="small" disabled={disabled} onClick={() => append({ text: '', colour: DEFAULT_POINT_COLOUR })}>
            {t('form.fields.addPoint')}
          </Button>
        </Box>
      </Stack>
    </FormControl>
  );
}

function Tags({ control, disabled }: { control: Control<ProductFormValues>; disabled: boolean }) {
  const { t } = useTranslation('catalogue');
  return (
    <Controller
      control={control}
      name="tags"
      render={({ field, fieldState }) => {
        const chosen = new Set(field.value ?? []);
        return (
          <FormControl component="fieldset" disabled={disabled} error={Boolean(fieldState.error)}>
            <FormLabel component="legend" sx={READABLE_WHEN_DISABLED}>{t('form.fields.tags')}</FormLabel>
            <FormGroup row>
              {PRODUCT_TAGS.map((tag) => (
                <FormControlLabel
                  key={tag}
                  label={tag}
                  control={
                    <Checkbox
                      checked={chosen.has(tag)}
                      onChange={(event) => field.onChange(event.target.checked ? [...chosen, tag] : [...chosen].filter((other) => other !== tag))}
                    />
                  }
                />
              ))}
            </FormGroup>
            {fieldState.error?.message && <FormHelperText>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}

/**
 * The product's fields (spec 3 §2.3, §3, §5): validated with contracts' ProductInput, the server's
 * field errors placed on the same fields. pre_book is asked only when the product is bookable.
 */
export function ProductFields({ form, disabled }: { form: Form; disabled: boolean }) {
  const { t } = useTranslation('catalogue');
  const { control } = form;
  const colours = useColours();
  const bookable = useWatch({ control, name: 'bookable' });
  const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' } } as const;
  return (
    <Stack spacing={2}>
      <Box sx={grid}>
        <TextInput control={control} name="title" label={t('form.fields.title')} disabled={disabled} required />
        <TextInput control={control} name="sub_title" label={t('form.fields.sub_title')} disabled={disabled} />
        <TextInput control={control} name="country" label={t('form.fields.country')} disabled={disabled} required />
        <TextInput control={control} name="price" label={t('form.fields.price')} disabled={disabled} required slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        <TextInput control={control} name="msrp" label={t('form.fields.msrp')} disabled={disabled} required slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        <TextInput control={control} name="sku" label={t('form.fields.sku')} disabled={disabled} required />
        <Choice control={control} name="type" label={t('form.fields.type')} disabled={disabled}>
          {PRODUCT_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {type}
            </MenuItem>
          ))}
        </Choice>
        <TextInput control={control} name="bundle_id" label={t('form.fields.bundle_id')} disabled={disabled} />
        <TextInput control={control} name="service" label={t('form.fields.service')} disabled={disabled} />
        <Choice control={control} name="card_colour" label={t('form.fields.card_colour')} disabled={disabled}>
          {(colours.data ?? PRODUCT_COLOURS).map((colour) => (
            <MenuItem key={colour.name} value={colour.name}>
              {colour.name}
            </MenuItem>
          ))}
        </Choice>
      </Box>
      <Tags control={control} disabled={disabled} />
      <Box sx={grid}>
        {FLAGS.map((name) => (
          <YesNo key={name} control={control} name={name} disabled={disabled} />
        ))}
        {bookable === 1 && (
          <Choice control={control} name="pre_book" label={t('form.fields.pre_book')} disabled={disabled}>
            {PRE_BOOK.map((when) => (
              <MenuItem key={when} value={when}>
                {t(`form.preBook.${when}`)}
              </MenuItem>
            ))}
          </Choice>
        )}
      </Box>
      <TextInput control={control} name="description" label={t('form.fields.description')} disabled={disabled} multiline minRows={3} />
      <Points control={control} disabled={disabled} />
      <TextInput control={control} name="footer" label={t('form.fields.footer')} disabled={disabled} multiline minRows={2} />
    </Stack>
  );
}
