// Profile photos: whatever a person uploads (form file or the API's data URL) is decoded and
// re-encoded here, so what is stored (spec: a data URL on the user) is always a small, real image.
// Why sharp and these numbers: docs/decisions/0019-people-and-allowances.md.
import type Sharp from "sharp";
import { MAX_PHOTO_BYTES } from "~/lib/schemas/people";
import { AppError } from "./errors.server";

/** Stored photos fit in a square of this many pixels: avatars are shown at 40 px, 96 px at most. */
export const PHOTO_SIZE = 256;

// A small file may still declare an enormous canvas (a "decompression bomb"): refuse past this.
const MAX_INPUT_PIXELS = 40_000_000;
const FORMATS = new Set(["png", "jpeg", "webp", "gif"]);
const DATA_URL = /^data:image\/(?:png|jpeg|gif|webp);base64,([A-Za-z0-9+/]+={0,2})$/;

// Loaded on first use: libvips adds ~30 MB to a process, and most never see a photo uploaded.
let loaded: Promise<typeof Sharp> | undefined;
function loadSharp(): Promise<typeof Sharp> {
  loaded ??= import("sharp").then(({ default: sharp }) => {
    // Each photo is decoded once; libvips' operation cache would only hold memory.
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

const invalid = (field: string) => new AppError(400, "picture_invalid", "validation.pictureInvalid", { fields: { [field]: "validation.pictureInvalid" } });
const tooLarge = (field: string) => new AppError(400, "picture_too_large", "people.validation.photoTooLarge", { fields: { [field]: "people.validation.photoTooLarge" } });

/**
 * The photo as it is stored: a WebP data URL of at most PHOTO_SIZE × PHOTO_SIZE (cropped to a
 * square around the centre, never enlarged, turned upright per EXIF, metadata dropped). Bytes that
 * are no PNG, JPEG, GIF or WebP image are refused with the field's message.
 */
export async function storedPhoto(bytes: Uint8Array, field = "photo"): Promise<string> {
  if (bytes.byteLength > MAX_PHOTO_BYTES) throw tooLarge(field);
  const sharp = await loadSharp();
  const image = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
  let format: string | undefined;
  try {
    format = (await image().metadata()).format;
  } catch {
    throw invalid(field);
  }
  if (!format || !FORMATS.has(format)) throw invalid(field);
  try {
    const output = await image()
      .rotate()
      .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: "cover", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return `data:image/webp;base64,${output.toString("base64")}`;
  } catch {
    throw invalid(field);
  }
}

/** The API's `profile_picture`: an image data URL, decoded and stored like an upload. */
export function storedPhotoFromDataUrl(dataUrl: string, field = "profile_picture"): Promise<string> {
  const match = DATA_URL.exec(dataUrl);
  if (!match) throw invalid(field);
  // Base64 is 4 characters per 3 bytes: refuse before decoding what cannot fit.
  if ((match[1].length / 4) * 3 > MAX_PHOTO_BYTES + 3) throw tooLarge(field);
  return storedPhoto(Buffer.from(match[1], "base64"), field);
}
