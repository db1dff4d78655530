import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useEffect, useId, useState, type FocusEvent } from 'react';
import { Button } from '@/components/ui/button.js';
import { cn } from '@/lib/cn.js';
import { CAROUSEL_SLIDES, SLIDE_INTERVAL_MS, slideAt, slideSources } from './carouselSlides.js';
import { usePrefersReducedMotion } from './usePrefersReducedMotion.js';

/**
 * The food slideshow of /customer. It moves on every 4 seconds, but not while the pointer is
 * over it or focus is inside it, nor when the person paused it; with reduced motion asked for,
 * it starts paused and slides without animation.
 */
export function FoodCarousel() {
  const slides = CAROUSEL_SLIDES;
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const reducedMotion = usePrefersReducedMotion();
  const playing = playChoice ?? !reducedMotion;
  const rotating = playing && !hovered && !focused;
  const trackId = useId();

  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => setIndex((current) => slideAt(current, 1, slides.length)), SLIDE_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [rotating, index, slides.length]);

  const leaveFocus = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  const current = slides[index];

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Dishes to try"
      className="overflow-hidden rounded-2xl border bg-card shadow-sm"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={leaveFocus}
    >
      <div className="relative">
        <div id={trackId} aria-live={rotating ? 'off' : 'polite'} className="overflow-hidden">
          <div
            className="flex transition-transform duration-500 ease-out motion-reduce:transition-none"
            style={{ transform: `translateX(-${index * 100}%)` }}
          >
            {slides.map((slide, slideIndex) => (
              <div
                key={slide.src}
                role="group"
                aria-roledescription="slide"
                aria-label={`${slideIndex + 1} of ${slides.length}: ${slide.title}`}
                aria-hidden={slideIndex !== index}
                inert={slideIndex !== index}
                className="w-full shrink-0"
              >
                <img
                  src={slide.src}
                  {...slideSources(slide.src)}
                  alt={slide.alt}
                  width={1200}
                  height={500}
                  loading={slideIndex === 0 ? 'eager' : 'lazy'}
                  fetchPriority={slideIndex === 0 ? 'high' : undefined}
                  decoding="async"
                  className="aspect-[12/5] w-full bg-muted object-cover"
                />
              </div>
            ))}
          </div>
        </div>
        <Button
          variant="outline"
          size="icon"
          aria-controls={trackId}
          aria-label="Previous slide"
          onClick={() => setIndex(slideAt(index, -1, slides.length))}
          className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-background/85 sm:left-3"
        >
          <ChevronLeft aria-hidden />
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-controls={trackId}
          aria-label="Next slide"
          onClick={() => setIndex(slideAt(index, 1, slides.length))}
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-background/85 sm:right-3"
        >
          <ChevronRight aria-hidden />
        </Button>
      </div>

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <p className="min-w-0 flex-1 basis-48" aria-hidden>
          <span className="block font-semibold">{current?.title}</span>
          <span className="block text-sm text-muted-foreground">{current?.subtitle}</span>
        </p>
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
            onClick={() => setPlayChoice(!playing)}
          >
            {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
          </Button>
          <span aria-hidden className="px-2 text-sm text-muted-foreground tabular-nums sm:hidden">
            {index + 1} / {slides.length}
          </span>
          {/* Nine 44 px dots do not fit a phone, where the arrows and the count stand in for them. */}
          <div role="group" aria-label="Choose a slide" className="flex max-sm:hidden">
            {slides.map((slide, slideIndex) => (
              <button
                key={slide.src}
                type="button"
                aria-controls={trackId}
                aria-label={`Show slide ${slideIndex + 1} of ${slides.length}: ${slide.title}`}
                aria-current={slideIndex === index ? 'true' : undefined}
                onClick={() => setIndex(slideIndex)}
                className="group grid size-11 place-items-center rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <span
                  aria-hidden
                  className={cn(
                    'block h-2 rounded-full transition-all motion-reduce:transition-none',
                    slideIndex === index ? 'w-4 bg-primary' : 'w-2 bg-muted-foreground/40 group-hover:bg-muted-foreground/70',
                  )}
                />
              </button>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
