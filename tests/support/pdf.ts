// Reads a PDF's text the way a person reading it would see it (pdf-parse).
import { PDFParse } from "pdf-parse";

export async function pdfText(bytes: Uint8Array | Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}
