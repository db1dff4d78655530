import { FileText } from 'lucide-react';
import { DRIVER_DOCUMENT_LABELS, type AdminDriverView, type DriverDocuments } from '@shared/admin/drivers.js';
import { Button } from '@/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog.js';

const DOCUMENTS = Object.keys(DRIVER_DOCUMENT_LABELS) as (keyof DriverDocuments)[];

/**
 * The driver's licence, national ID and vehicle picture, shown to the admin in a dialog. The
 * links are signed for this admin by the server and expire after an hour; each opens full size.
 */
export function DocumentsDialog({ driver }: { driver: AdminDriverView }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" className="h-11">
          <FileText aria-hidden />
          Documents
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{driver.fullName}&apos;s documents</DialogTitle>
          <DialogDescription>
            {driver.vehicleModel} · {driver.plateNumber}
          </DialogDescription>
        </DialogHeader>
        <ul className="grid gap-4 sm:grid-cols-3">
          {DOCUMENTS.map((document) => (
            <li key={document} className="grid gap-2">
              <a
                href={driver.documents[document]}
                target="_blank"
                rel="noreferrer"
                className="block overflow-hidden rounded-lg border bg-muted outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <img
                  src={driver.documents[document]}
                  alt={`${DRIVER_DOCUMENT_LABELS[document]} of ${driver.fullName}`}
                  className="aspect-[4/3] w-full object-contain"
                />
              </a>
              <p className="text-sm font-medium">{DRIVER_DOCUMENT_LABELS[document]}</p>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
