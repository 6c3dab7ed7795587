import { Box, Link } from '@mui/material';

/** A piece longer than this (rare) ends in '…'; the whole address is in the tooltip. */
const PART_MAX_WIDTH = '16rem';

const partSx = {
  display: 'inline-block',
  maxWidth: PART_MAX_WIDTH,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
} as const;

/**
 * The pieces an address may wrap between: after each '.', '_', '-' or '+' of the name and after the
 * '@'; the domain stays whole. 'grace.hopper@navy.mil' → 'grace.', 'hopper@', 'navy.mil'.
 */
export function emailParts(email: string): string[] {
  const at = email.lastIndexOf('@');
  if (at <= 0) return [email];
  const name = email.slice(0, at + 1).match(/[^._+-]+[._+-]*|[._+-]+/g) ?? [];
  // The '@' ends the name's last piece.
  return [...name.slice(0, -1), name.at(-1)!, email.slice(at + 1)].filter(Boolean);
}

/**
 * An email address in a narrow column: it wraps only between its pieces (emailParts), never inside
 * a word of it. With `link`, a mailto link that does not open the row it sits in.
 */
export function EmailText({ email, link = false }: { email: string; link?: boolean }) {
  const text = (
    <Box component="span" title={email}>
      {emailParts(email).map((part, i) => (
        <Box component="span" key={i} data-email-part sx={partSx}>
          {part}
        </Box>
      ))}
    </Box>
  );
  if (!link) return text;
  return (
    <Link href={`mailto:${email}`} onClick={(event) => event.stopPropagation()} underline="hover">
      {text}
    </Link>
  );
}
