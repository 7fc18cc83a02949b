import { Fragment } from "react";

/** The API document's prose: paragraphs separated by blank lines, `code` in backticks. */
export function Prose({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n\n+/).map((paragraph, index) => (
        <p key={index}>
          {paragraph.split(/(`[^`]+`)/).map((part, at) => (part.startsWith("`") && part.endsWith("`") ? <code key={at}>{part.slice(1, -1)}</code> : <Fragment key={at}>{part}</Fragment>))}
        </p>
      ))}
    </>
  );
}
