import { Anchor } from '@mantine/core';
import { messageParts } from '../model/message-links';

/** A message's text as typed: its lines kept, its web addresses as links opening elsewhere, never HTML. */
export function MessageText({ body }: { body: string }) {
  return (
    <>
      {messageParts(body).map((part, i) =>
        part.kind === 'link' ? (
          <Anchor key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
            {part.text}
          </Anchor>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
