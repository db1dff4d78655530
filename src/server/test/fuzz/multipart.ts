import fc from 'fast-check';
import type { ZodType } from 'zod';
import { SIGNUP_FILES, signUpSchema, vehicleSchema } from '@shared/auth/schemas.js';
import { UPLOAD_FIELD } from '@shared/storage/schemas.js';
import { hostileString, type KnownValues } from './hostile.js';
import { asRecord, asText } from './jsonText.js';
import { arbitraryFor } from './zodArbitrary.js';

/** A request body and the content type it is sent with. */
export interface Body {
  payload?: string | Buffer;
  contentType?: string;
}

/**
 * Multipart forms, for the routes that read their parts by hand (sign-up, uploads): fields
 * named and valued from the shared sign-up schemas, real and broken images, and framing junk.
 */

const partName = fc.oneof(
  fc.constantFrom(
    UPLOAD_FIELD,
    ...Object.keys(SIGNUP_FILES),
    ...Object.keys(signUpSchema.shape),
    ...Object.keys(vehicleSchema.shape),
  ),
  fc.constantFrom('', '\u0000', '__proto__', 'x'.repeat(2_000), 'a"b', 'a\r\nb'),
);

/** Values for the text parts, from the shared schemas of the sign-up form where they have one. */
function fieldValue(known: KnownValues): fc.Arbitrary<{ name: string; value: string }> {
  const shapes: Record<string, ZodType> = { ...signUpSchema.shape, ...vehicleSchema.shape };
  return partName.chain((name) => {
    const schema = Object.hasOwn(shapes, name) ? shapes[name] : undefined;
    const value = schema ? arbitraryFor(schema, 'mixed', known) : hostileString(known);
    return value.map((v) => ({ name, value: asText(v) }));
  });
}

interface FilePart {
  name: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

function fileData(images: readonly Buffer[]): fc.Arbitrary<Buffer> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...images) },
    { weight: 1, arbitrary: fc.constantFrom(...images).map((image) => image.subarray(0, Math.floor(image.length / 2))) },
    { weight: 1, arbitrary: fc.constant(Buffer.alloc(0)) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)) },
    { weight: 1, arbitrary: fc.constant(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')) },
    { weight: 1, arbitrary: fc.constant(Buffer.from('GIF89a\u0000\u0000')) },
  );
}

const filePart = (images: readonly Buffer[]): fc.Arbitrary<FilePart> =>
  fc.record({
    name: partName,
    filename: fc.constantFrom('me.png', '', '../../x.png', 'a\u0000.png', 'x'.repeat(1_000), 'é😀.webp'),
    contentType: fc.constantFrom('image/png', 'image/jpeg', 'application/octet-stream', 'text/html', ''),
    data: fileData(images),
  });

const quoted = (s: string) => s.replace(/[\r\n"]/g, '_');

function multipartBytes(boundary: string, fields: { name: string; value: string }[], files: FilePart[], closed: boolean): Buffer {
  const parts: Buffer[] = [];
  for (const { name, value } of fields) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    const type = file.contentType ? `\r\nContent-Type: ${file.contentType}` : '';
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(file.name)}"; filename="${quoted(file.filename)}"${type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  if (closed) parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

const FORM_SCHEMA = signUpSchema.extend(vehicleSchema.shape);

/** A form a browser would send: the sign-up fields from their shared schemas and real images. */
export function plausibleForm(known: KnownValues, images: readonly Buffer[]): fc.Arbitrary<Body> {
  return fc
    .record({
      fields: arbitraryFor(FORM_SCHEMA, 'valid', known).map(asRecord),
      fileNames: fc.oneof(fc.constant<string[]>([UPLOAD_FIELD]), fc.subarray(Object.keys(SIGNUP_FILES))),
      image: fc.constantFrom(...images),
    })
    .map(({ fields, fileNames, image }) => ({
      payload: multipartBytes(
        'formboundary',
        Object.entries(fields)
          .filter(([, v]) => v !== undefined)
          .map(([name, value]) => ({ name, value: asText(value) })),
        fileNames.map((name) => ({ name, filename: 'photo.png', contentType: 'image/png', data: image })),
        true,
      ),
      contentType: 'multipart/form-data; boundary=formboundary',
    }));
}

export function multipartBody(known: KnownValues, images: readonly Buffer[], junk: fc.Arbitrary<Body>): fc.Arbitrary<Body> {
  const boundary = fc.constantFrom('fuzzboundary', 'x', '-'.repeat(70), 'a b');
  const wellFormed = fc
    .record({
      boundary,
      fields: fc.array(fieldValue(known), { maxLength: 12 }),
      files: fc.array(filePart(images), { maxLength: 5 }),
      closed: fc.boolean(),
    })
    .map(({ boundary: b, fields, files, closed }) => ({
      payload: multipartBytes(b, fields, files, closed),
      contentType: `multipart/form-data; boundary=${b}`,
    }));
  const broken = fc.constantFrom<Body>(
    { payload: 'no parts at all', contentType: 'multipart/form-data' },
    { payload: '--zz\r\nContent-Disposition: form-data\r\n\r\nx\r\n--zz--', contentType: 'multipart/form-data; boundary=zz' },
    {
      payload: '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nunterminated',
      contentType: 'multipart/form-data; boundary=zz',
    },
    { payload: '--zz--', contentType: 'multipart/form-data; boundary=zz' },
    { payload: '', contentType: 'multipart/form-data; boundary=zz' },
    { payload: '--other\r\n\r\n--other--', contentType: 'multipart/form-data; boundary=zz' },
    { payload: '--zz\r\n\r\n', contentType: 'multipart/mixed; boundary=zz' },
    { payload: `--zz\r\n${'Content-Type: x\r\n'.repeat(3_000)}\r\n\r\n--zz--`, contentType: 'multipart/form-data; boundary=zz' },
  );
  return fc.oneof({ weight: 6, arbitrary: wellFormed }, { weight: 2, arbitrary: broken }, { weight: 1, arbitrary: junk });
}
