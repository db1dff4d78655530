import { Volume2, VolumeX } from 'lucide-react';
import { Button } from '@/components/ui/button.js';
import type { AlertSound } from './alertSound.js';

/** Sound on/off for new orders; pressed means on. The choice is kept across reloads. */
export function SoundToggle({ sound }: { sound: AlertSound }) {
  return (
    <div className="grid gap-1">
      <Button
        variant={sound.on ? 'default' : 'outline'}
        size="lg"
        className="px-4"
        aria-pressed={sound.on}
        onClick={sound.toggle}
      >
        {sound.on ? <Volume2 aria-hidden /> : <VolumeX aria-hidden />}
        <span>
          Sound<span aria-hidden>{sound.on ? ' on' : ' off'}</span>
        </span>
      </Button>
      {sound.blocked && (
        <p role="status" className="text-sm text-muted-foreground">
          Your browser is holding the sound back: tap anywhere on the page to let new orders ring.
        </p>
      )}
    </div>
  );
}
