import sharp from 'sharp';

/** A file as Playwright's setInputFiles takes it. */
export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

async function png(name: string, width: number, height: number, color: string): Promise<FilePayload> {
  const buffer = await sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** Real PNGs, made at run time, for the profile picture and a driver's documents. */
export async function imageFiles() {
  const [profilePicture, driversLicense, nationalId, vehicleImage] = await Promise.all([
    png('profile.png', 96, 96, '#e4572e'),
    png('licence.png', 320, 200, '#3a86ff'),
    png('national-id.png', 320, 200, '#2a9d8f'),
    png('vehicle.png', 240, 160, '#f4a261'),
  ]);
  return { profilePicture, driversLicense, nationalId, vehicleImage };
}
