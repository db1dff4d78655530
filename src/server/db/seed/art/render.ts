import sharp from 'sharp';

/** Rasterises an SVG to PNG bytes, which the upload pipeline then checks and re-encodes like any photo. */
export const svgToPng = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();

/** Rasterises an SVG straight to a small WebP, for static files shipped with the client. */
export const svgToWebp = (svg: string, quality = 78) => sharp(Buffer.from(svg)).webp({ quality, effort: 6 }).toBuffer();
