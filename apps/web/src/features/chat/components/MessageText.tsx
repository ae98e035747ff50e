import Link from '@mui/material/Link';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** A message's text: shown as text (React escapes it), web addresses as links that open in a new tab; nothing in it runs. */
export function MessageText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <Link key={i} href={part} target="_blank" rel="noopener noreferrer nofollow" sx={{ overflowWrap: 'anywhere' }}>
            {part}
          </Link>
        ) : (
          part
        ),
      )}
    </>
  );
}
