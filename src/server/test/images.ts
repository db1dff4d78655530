import sharp from 'sharp';

/** A real PNG of the given size, for upload tests. */
export function pngImage(width = 64, height = 64, color = '#e4572e'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
}

/** A JPEG that carries EXIF data (camera make and GPS-like fields), to prove they are stripped. */
export function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 32, height: 32, channels: 3, background: '#3a86ff' } })
    .withExif({ IFD0: { Make: 'TestCam', Model: 'Leaky 1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '5/1 36/1 0/1' } })
    .jpeg()
    .toBuffer();
}

/** Builds a multipart/form-data body for app.inject. */
export function multipart(
  fields: Record<string, string | number | undefined>,
  files: Record<string, { data: Buffer; filename: string; contentType?: string } | undefined> = {},
) {
  const boundary = `----chopchop${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of Object.entries(files)) {
    if (!file) continue;
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
