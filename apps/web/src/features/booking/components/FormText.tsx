import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { serverMessage, useBookingTexts } from '../texts';

type Props<T extends FieldValues> = { control: Control<T>; name: FieldPath<T>; label: string } & Omit<TextFieldProps, 'name' | 'label' | 'value' | 'onChange' | 'onBlur'>;

/** A text field bound to a react-hook-form field; its error is shown beneath it in the booking's language. */
export function FormText<T extends FieldValues>({ control, name, label, ...rest }: Props<T>) {
  const texts = useBookingTexts();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          label={label}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ? serverMessage(texts, fieldState.error.message) : rest.helperText}
          fullWidth
        />
      )}
    />
  );
}
