import type { FieldValues } from 'react-hook-form';
import { TextInput, type TextInputProps } from '../../../components/TextInput';
import { useBookingTexts } from '../texts';

/** The shared text input, with validation messages shown in the booking's language. */
export function FormText<T extends FieldValues>(props: Omit<TextInputProps<T>, 'formatError'>) {
  const { messageText } = useBookingTexts();
  return <TextInput {...props} formatError={messageText} />;
}
