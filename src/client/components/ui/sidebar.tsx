import { Menu, PanelLeft, XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive, Slot } from 'radix-ui';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ComponentProps,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { cn } from '@/lib/cn.js';
import { useMediaQuery } from '@/lib/useMediaQuery.js';
import { Button } from './button.js';
import {
  isSidebarShortcut,
  readSidebarOpen,
  sidebarCookie,
  SIDEBAR_MOBILE_BREAKPOINT,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  SIDEBAR_WIDTH_MOBILE,
} from './sidebarState.js';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from './tooltip.js';

/**
 * A shadcn-style sidebar: beside the page from 768 px, collapsible to a rail of icons by
 * SidebarTrigger or Ctrl/Cmd+B, remembered in a cookie (sidebarState.ts); below 768 px a sheet
 * over the page (a Radix Dialog, so focus is trapped and Escape closes it) opened by the same
 * trigger.
 */

interface SidebarContextValue {
  /** 'collapsed': only the icons show (from 768 px). */
  state: 'expanded' | 'collapsed';
  open: boolean;
  setOpen: (open: boolean) => void;
  isMobile: boolean;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  toggleSidebar: () => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar must be used within SidebarProvider');
  return context;
}

const MOBILE_QUERY = `(max-width: ${SIDEBAR_MOBILE_BREAKPOINT - 1}px)`;
/** Whether the window is narrower than the sidebar's breakpoint, kept up to date. */
const useIsMobile = (): boolean => useMediaQuery(MOBILE_QUERY);

export function SidebarProvider({
  className,
  style,
  children,
}: {
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const isMobile = useIsMobile();
  const [openMobile, setOpenMobile] = useState(false);
  // Read once on load, so a reload opens the sidebar as it was left.
  const [open, setOpenState] = useState(() => readSidebarOpen(document.cookie));
  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    document.cookie = sidebarCookie(next);
  }, []);
  const toggleSidebar = useCallback(() => {
    if (isMobile) setOpenMobile((shown) => !shown);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      toggleSidebar();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);

  const value = useMemo<SidebarContextValue>(
    () => ({ state: open ? 'expanded' : 'collapsed', open, setOpen, isMobile, openMobile, setOpenMobile, toggleSidebar }),
    [open, setOpen, isMobile, openMobile, toggleSidebar],
  );

  return (
    <SidebarContext.Provider value={value}>
      <TooltipProvider delayDuration={0}>
        <div
          style={{ '--sidebar-width': SIDEBAR_WIDTH, '--sidebar-width-icon': SIDEBAR_WIDTH_ICON, ...style } as CSSProperties}
          className={cn('group/sidebar-wrapper flex min-h-svh w-full', className)}
        >
          {children}
        </div>
      </TooltipProvider>
    </SidebarContext.Provider>
  );
}

/** The sidebar itself; `label` names it for assistive technology (the sheet's title on phones). */
export function Sidebar({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const { isMobile, state, openMobile, setOpenMobile } = useSidebar();

  if (isMobile) {
    return (
      <DialogPrimitive.Root open={openMobile} onOpenChange={setOpenMobile}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
          <DialogPrimitive.Content
            aria-describedby={undefined}
            data-sidebar="sheet"
            style={{ '--sidebar-width': SIDEBAR_WIDTH_MOBILE } as CSSProperties}
            className="fixed inset-y-0 left-0 z-50 flex h-full w-(--sidebar-width) max-w-[calc(100vw-3rem)] flex-col border-r bg-card text-card-foreground shadow-lg outline-none"
          >
            <DialogPrimitive.Title className="sr-only">{label}</DialogPrimitive.Title>
            <div className={cn('flex h-full w-full flex-col', className)}>{children}</div>
            <DialogPrimitive.Close className="absolute top-2 right-2 grid size-11 place-items-center rounded-md opacity-70 transition-opacity outline-none hover:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/50">
              <XIcon aria-hidden className="size-4" />
              <span className="sr-only">Close</span>
            </DialogPrimitive.Close>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
    );
  }

  return (
    <div
      className="group peer hidden text-card-foreground md:block"
      data-state={state}
      data-collapsible={state === 'collapsed' ? 'icon' : ''}
      data-sidebar="rail"
    >
      {/* Takes the sidebar's width in the page's flow, so the content starts beside it. */}
      <div
        aria-hidden
        className="relative w-(--sidebar-width) transition-[width] duration-200 ease-linear group-data-[collapsible=icon]:w-(--sidebar-width-icon)"
      />
      <div className="fixed inset-y-0 left-0 z-30 hidden h-svh w-(--sidebar-width) border-r bg-card transition-[width] duration-200 ease-linear group-data-[collapsible=icon]:w-(--sidebar-width-icon) md:flex">
        <div className={cn('flex h-full w-full flex-col overflow-x-hidden overflow-y-auto', className)}>{children}</div>
      </div>
    </div>
  );
}

/** The button that collapses the sidebar to icons and back, or opens the sheet on phones. */
export function SidebarTrigger({ className }: { className?: string }) {
  const { toggleSidebar, isMobile, open, openMobile } = useSidebar();
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn('size-11', className)}
      aria-label="Toggle sidebar"
      aria-expanded={isMobile ? openMobile : open}
      onClick={toggleSidebar}
    >
      {isMobile ? <Menu aria-hidden /> : <PanelLeft aria-hidden />}
    </Button>
  );
}

/** The page beside the sidebar. */
export function SidebarInset({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('relative flex min-h-svh min-w-0 flex-1 flex-col bg-background', className)} {...props} />;
}

export function SidebarHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex h-14 shrink-0 items-center gap-2 border-b px-2', className)} {...props} />;
}

export function SidebarContent({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto p-2 group-data-[collapsible=icon]:px-1', className)}
      {...props}
    />
  );
}

export function SidebarGroupLabel({ className, ...props }: ComponentProps<'p'>) {
  return (
    <p
      className={cn(
        'flex h-8 shrink-0 items-center px-2 text-xs font-medium whitespace-nowrap text-muted-foreground group-data-[collapsible=icon]:sr-only',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarMenu({ className, ...props }: ComponentProps<'ul'>) {
  return <ul className={cn('flex w-full min-w-0 flex-col gap-1', className)} {...props} />;
}

export function SidebarMenuItem({ className, ...props }: ComponentProps<'li'>) {
  return <li className={cn('relative', className)} {...props} />;
}

interface SidebarMenuButtonProps extends ComponentProps<'button'> {
  /** Render the child (a router link) with the button's look. */
  asChild?: boolean;
  isActive?: boolean;
  /** Shown beside the icon while the sidebar is collapsed to icons. */
  tooltip?: string;
}

/** An entry of the menu: its icon, then its label, which stays its accessible name when collapsed to icons. */
export function SidebarMenuButton({ asChild = false, isActive = false, tooltip, className, ...props }: SidebarMenuButtonProps) {
  const { state, isMobile } = useSidebar();
  const Component = asChild ? Slot.Root : 'button';
  const button = (
    <Component
      data-active={isActive}
      className={cn(
        'flex h-11 w-full items-center gap-3 overflow-hidden rounded-md px-3 text-left text-sm whitespace-nowrap outline-none md:h-10',
        'hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
        'data-[active=true]:bg-accent data-[active=true]:font-semibold data-[active=true]:text-accent-foreground',
        '[&>svg]:size-4 [&>svg]:shrink-0',
        'group-data-[collapsible=icon]:size-10 group-data-[collapsible=icon]:justify-center group-data-[collapsible=icon]:px-0',
        className,
      )}
      {...props}
    />
  );
  if (!tooltip || state !== 'collapsed' || isMobile) return button;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent side="right">{tooltip}</TooltipContent>
    </Tooltip>
  );
}

/** A label inside SidebarMenuButton: hidden from sight, not from screen readers, while collapsed to icons. */
export function SidebarMenuLabel({ className, ...props }: ComponentProps<'span'>) {
  return <span className={cn('truncate group-data-[collapsible=icon]:sr-only', className)} {...props} />;
}
