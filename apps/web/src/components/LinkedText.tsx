import Link from '@mui/material/Link';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** A message's text (a chat line, an e-mail's body): shown as text (React escapes it), web addresses as links that open in a new tab; nothing in it runs. */
export function LinkedText({ text }: { text: string }) {
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
