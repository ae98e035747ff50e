import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export type TextInputProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  /** Turns a validation message into the text shown (e.g. into the page's language); shown as is by default. */
  formatError?: (message: string) => string;
} & Omit<TextFieldProps, 'name' | 'label' | 'value' | 'onChange' | 'onBlur'>;

/**
 * A text field bound to a react-hook-form field, with its error shown beneath it. The helper line is
 * always there (a space when empty), so an error appearing on blur moves nothing under the pointer.
 */
export function TextInput<T extends FieldValues>({ control, name, label, formatError = (message) => message, ...rest }: TextInputProps<T>) {
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
          helperText={fieldState.error?.message ? formatError(fieldState.error.message) : (rest.helperText ?? ' ')}
          fullWidth
        />
      )}
    />
  );
}
