import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { MessageText } from '../lib/messageText';

export type TextInputProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  /**
   * Turns a validation message into the text shown (the booking pages: into the booking's language); by
   * default the message is shown in the interface's language (lib/messageText).
   */
  formatError?: (message: string) => string;
} & Omit<TextFieldProps, 'name' | 'label' | 'value' | 'onChange' | 'onBlur'>;

/**
 * A text field bound to a react-hook-form field, with its error shown beneath it. The helper line is
 * always there (a space when empty), so an error appearing on blur moves nothing under the pointer.
 */
export function TextInput<T extends FieldValues>({ control, name, label, formatError, ...rest }: TextInputProps<T>) {
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
          helperText={
            fieldState.error?.message ? (
              formatError ? formatError(fieldState.error.message) : <MessageText message={fieldState.error.message} />
            ) : (
              (rest.helperText ?? ' ')
            )
          }
          fullWidth
        />
      )}
    />
  );
}
