// What every PDF the app draws shares (invoices, leave certificates): A4, DejaVu Sans embedded so
// Portuguese and Spanish accents (and €, £) render in any viewer, the same inks, and the bytes
// collected as the document is written.
import { createRequire } from "node:module";
import type PDFKit from "pdfkit";

// Resolved from node_modules at run time, from wherever this module ended up (the Remix server
// build, vitest, tsx): the package is never bundled.
const require = createRequire(import.meta.url);
const FONT = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
const FONT_BOLD = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");

export const PDF_INK = "#1d2430";
export const PDF_MUTED = "#5b6575";
export const PDF_ACCENT = "#0f766e";
export const PDF_RULE = "#c9d1dc";

export interface OpenPdf {
  doc: PDFKit.PDFDocument;
  /** The bytes, once doc.end() was called. */
  done: Promise<Buffer>;
  /** The left margin and the width between the margins. */
  left: number;
  width: number;
}

/** An A4 document with the fonts "body" and "bold" registered. */
export async function openPdf(info: { Title: string; Author: string; Subject?: string }, language: string): Promise<OpenPdf> {
  // Loaded on first use: the PDF library adds ~25 MB to a process, and most never draw a PDF.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({ size: "A4", margin: 56, info, lang: language });
  doc.registerFont("body", FONT);
  doc.registerFont("bold", FONT_BOLD);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const left = doc.page.margins.left;
  return { doc, done, left, width: doc.page.width - left - doc.page.margins.right };
}
