import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { MessageText } from '../lib/messageText';

export type TextInputProps<T extends FieldValues, Out extends FieldValues = T> = {
  /** The form's control; `Out` is what its resolver makes of the values (a schema that transforms them). */
  control: Control<T, unknown, Out>;
  name: FieldPath<T>;
  label: string;
  /** Rewrites what is typed before the form keeps it (a code upper-cased as typed). */
  toValue?: (typed: string) => string;
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
export function TextInput<T extends FieldValues, Out extends FieldValues = T>({ control, name, label, formatError, toValue, ...rest }: TextInputProps<T, Out>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          name={field.name}
          value={field.value ?? ''}
          onChange={toValue ? (event) => field.onChange(toValue(event.target.value)) : field.onChange}
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
