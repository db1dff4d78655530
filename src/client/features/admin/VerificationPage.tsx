import { Map as MapIcon, ShieldCheck } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { HEATMAP_PERIODS, type HeatmapPeriod } from '@shared/admin/heatmap.js';
import { PageTitle } from '@/components/layouts/PageMain.js';
import { TabLabel, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.js';
import { HeatmapPanel } from './heatmap/HeatmapPanel.js';
import { DriverVerificationList } from './verification/DriverVerificationList.js';

const TABS = ['drivers', 'heatmap'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);
const isPeriod = (value: string | null): value is HeatmapPeriod => HEATMAP_PERIODS.includes(value as HeatmapPeriod);

/** /admin/verification: 'Verification & Analytics', the drivers' ID checks and the order heat map. Tab and period stay in the address. */
export default function VerificationPage() {
  const [params, setParams] = useSearchParams();
  const wantedTab = params.get('tab');
  const tab: Tab = isTab(wantedTab) ? wantedTab : 'drivers';
  const wantedPeriod = params.get('period');
  const period: HeatmapPeriod = isPeriod(wantedPeriod) ? wantedPeriod : 'all';
  const choose = (key: 'tab' | 'period', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="grid gap-5">
      <PageTitle>Verification &amp; Analytics</PageTitle>
      <Tabs value={tab} onValueChange={(next) => choose('tab', next)} className="gap-5">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="drivers">
            <ShieldCheck aria-hidden />
            <TabLabel short="Drivers">Driver Verification</TabLabel>
          </TabsTrigger>
          <TabsTrigger value="heatmap">
            <MapIcon aria-hidden />
            <TabLabel short="Heat Map">Order Heat Map</TabLabel>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="drivers">
          <DriverVerificationList />
        </TabsContent>
        <TabsContent value="heatmap">
          <HeatmapPanel period={period} onPeriodChange={(next) => choose('period', next)} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
