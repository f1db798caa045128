import { type StubArtifact } from './stub-gateway';

/** React artifacts written the way Claude writes them for its shadcn/ui + Tailwind setup. */
const react = (id: string, title: string, content: string): StubArtifact => ({
  id,
  title,
  type: 'REACT',
  content,
  rendered: null,
  isPublic: true,
  owner: 'usr_owner',
  tags: ['test'],
});

export const SHADCN_DASHBOARD = `import React, { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Slider } from '@/components/ui/slider';
import { LineChart, Line, XAxis, YAxis, CartesianGrid, Tooltip, ResponsiveContainer } from 'recharts';
import { TrendingUp, Settings } from 'lucide-react';
import { format, addDays } from 'date-fns';

interface Point { day: string; sales: number }

const SalesDashboard = () => {
  const [range, setRange] = useState<string>('7');
  const [target, setTarget] = useState<number[]>([50]);
  const [refreshes, setRefreshes] = useState(0);
  const start = new Date(2024, 0, 1);
  const data: Point[] = Array.from({ length: Number(range) }, (_, i) => ({
    day: format(addDays(start, i), 'MMM d'),
    sales: 40 + ((i * 17) % 30),
  }));
  return (
    <div className="min-h-screen bg-background p-6">
      <Card className="max-w-3xl mx-auto" data-testid="card">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <TrendingUp className="h-5 w-5 text-primary" /> Sales overview <Badge variant="secondary">Live</Badge>
          </CardTitle>
          <CardDescription>Starting {format(start, 'MMMM d, yyyy')}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <Tabs defaultValue="chart">
            <TabsList>
              <TabsTrigger value="chart">Chart</TabsTrigger>
              <TabsTrigger value="settings">Settings</TabsTrigger>
            </TabsList>
            <TabsContent value="chart">
              <ResponsiveContainer width="100%" height={220}>
                <LineChart data={data}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="day" />
                  <YAxis />
                  <Tooltip />
                  <Line type="monotone" dataKey="sales" stroke="hsl(var(--primary))" />
                </LineChart>
              </ResponsiveContainer>
            </TabsContent>
            <TabsContent value="settings" className="space-y-4">
              <p>Target: {target[0]}%</p>
              <Slider value={target} onValueChange={setTarget} max={100} step={5} />
              <Select value={range} onValueChange={setRange}>
                <SelectTrigger className="w-48" aria-label="Range">
                  <SelectValue placeholder="Range" />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="7">Last 7 days</SelectItem>
                  <SelectItem value="14">Last 14 days</SelectItem>
                </SelectContent>
              </Select>
            </TabsContent>
          </Tabs>
          <div className="flex gap-2">
            <Button onClick={() => setRefreshes(refreshes + 1)}>Refresh</Button>
            <Dialog>
              <DialogTrigger asChild>
                <Button variant="outline"><Settings /> Details</Button>
              </DialogTrigger>
              <DialogContent>
                <DialogHeader>
                  <DialogTitle>Details</DialogTitle>
                  <DialogDescription>{data.length} days of sales, target {target[0]}%</DialogDescription>
                </DialogHeader>
              </DialogContent>
            </Dialog>
          </div>
          <p className="text-sm text-muted-foreground">Refreshed {refreshes} times</p>
        </CardContent>
      </Card>
    </div>
  );
};

export default SalesDashboard;`;

/** No export at all: the file only declares App (and imports with the paths projects use). */
const UNEXPORTED_APP = `import { useState } from 'react';
import { Badge } from 'components/ui/badge.tsx';
import { cn } from '@/lib/utils';
function Pill({ on }) { return <Badge className={cn('ml-2', on && 'bg-green-600')}>{on ? 'on' : 'off'}</Badge>; }
function App() {
  const [on, setOn] = useState(false);
  return <button className="p-2" onClick={() => setOn(!on)}>Unexported app <Pill on={on} /></button>;
}`;

/** Only a named export; toast + Toaster share their state across two modules. */
const NAMED_EXPORT = `import { useState } from 'react';
import { Switch } from '@/components/ui/switch';
import { Label } from '@/components/ui/label';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { Button } from '@/components/ui/button';
import { Toaster } from '@/components/ui/toaster';
import { useToast } from '@/components/ui/use-toast';
export function Settings() {
  const [dark, setDark] = useState(false);
  const { toast } = useToast();
  return (
    <div className="p-4 space-y-4">
      <div className="flex items-center gap-2"><Switch id="d" checked={dark} onCheckedChange={setDark} /><Label htmlFor="d">Dark mode {dark ? 'enabled' : 'disabled'}</Label></div>
      <Accordion type="single" collapsible><AccordionItem value="a"><AccordionTrigger>More</AccordionTrigger><AccordionContent>Hidden details</AccordionContent></AccordionItem></Accordion>
      <Button onClick={() => toast({ title: 'Saved settings' })}>Save</Button>
      <Toaster />
    </div>
  );
}`;

/** The other libraries Claude's artifacts import. */
const MORE_LIBRARIES = `import React, { useEffect, useRef } from 'react';
import { motion } from 'framer-motion';
import ReactMarkdown from 'react-markdown';
import Chart from 'chart.js/auto';
import * as Tone from 'tone';
import _ from 'lodash';
import { clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';
const App = () => {
  const canvas = useRef(null);
  useEffect(() => {
    const chart = new Chart(canvas.current, { type: 'bar', data: { labels: ['a', 'b'], datasets: [{ label: 'n', data: [1, 2] }] }, options: { animation: false } });
    return () => chart.destroy();
  }, []);
  return (
    <motion.div initial={{ opacity: 0 }} animate={{ opacity: 1 }} className={twMerge(clsx('p-2', 'p-4'))}>
      <ReactMarkdown>{'**Markdown works**'}</ReactMarkdown>
      <p>Tone synth: {typeof Tone.Synth}, sum {_.sum([1, 2])}</p>
      <canvas ref={canvas} width={200} height={100} />
    </motion.div>
  );
};
export default App;`;

export const SHADCN_FIXTURES: StubArtifact[] = [
  react('shadcn-dashboard', 'Sales dashboard', SHADCN_DASHBOARD),
  react('shadcn-unexported', 'Unexported App', UNEXPORTED_APP),
  react('shadcn-named', 'Named export', NAMED_EXPORT),
  react('react-more-libraries', 'More libraries', MORE_LIBRARIES),
];
