import { Fragment } from "react";

/** A line of the API document's prose, `code` in backticks. */
export function Inline({ text }: { text: string }) {
  return (
    <>
      {text.split(/(`[^`]+`)/).map((part, at) => (part.startsWith("`") && part.endsWith("`") ? <code key={at}>{part.slice(1, -1)}</code> : <Fragment key={at}>{part}</Fragment>))}
    </>
  );
}

/** The API document's prose: paragraphs separated by blank lines. */
export function Prose({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n\n+/).map((paragraph, index) => (
        <p key={index}>
          <Inline text={paragraph} />
        </p>
      ))}
    </>
  );
}
