import type { FieldValues } from 'react-hook-form';
import { TextInput, type TextInputProps } from '../../../components/TextInput';
import { serverMessage, useBookingTexts } from '../texts';

/** The shared text input, with validation messages shown in the booking's language. */
export function FormText<T extends FieldValues>(props: Omit<TextInputProps<T>, 'formatError'>) {
  const { t } = useBookingTexts();
  return <TextInput {...props} formatError={(message) => serverMessage(t, message)} />;
}
