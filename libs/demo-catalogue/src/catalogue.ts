import { aiModelAnalyzer } from './demos/ai-model-analyzer';
import { colorPaletteGenerator } from './demos/color-palette-generator';
import { complianceDashboard } from './demos/compliance-dashboard';
import { businessIntelligence, cioCdaoDashboard, govCspDashboard, govOperations } from './demos/dashboards';
import { physicsSimulation } from './demos/physics-simulation';
import { salesDashboard } from './demos/sales-dashboard';
import { taskManager } from './demos/task-manager';

/** A built-in demo (spec §3 Demo item): public, owned by nobody, always HTML, fake data. */
export interface DemoArtifact {
  id: string;
  title: string;
  type: 'HTML';
  tags: string[];
  category: string;
  content: string;
}

/** The prefix that marks a demo in a view URL: /view/demo-{id}. */
export const DEMO_ID_PREFIX = 'demo-';

const demo = (
  id: string,
  title: string,
  category: string,
  tags: string[],
  content: string,
): DemoArtifact => ({
  id,
  title,
  type: 'HTML',
  tags,
  category,
  content,
});

/** The ten demos of spec §9, in its order. */
export const DEMO_ARTIFACTS: readonly DemoArtifact[] = [
  demo(
    'ai-model-analyzer',
    'AI Model Performance Analyzer',
    'AI/ML Tools',
    ['ai', 'benchmark', 'cost'],
    aiModelAnalyzer,
  ),
  demo(
    'compliance-dashboard',
    'Compliance & Audit Dashboard',
    'Compliance & Audit',
    ['compliance', 'audit', 'risk'],
    complianceDashboard,
  ),
  demo(
    'sales-dashboard',
    'Sales Performance Dashboard',
    'Data Visualizations',
    ['sales', 'charts', 'd3'],
    salesDashboard,
  ),
  demo('task-manager', 'Task Manager', 'Mini Applications', ['tasks', 'productivity'], taskManager),
  demo(
    'color-palette-generator',
    'Color Palette Generator',
    'Creative Projects',
    ['design', 'colors'],
    colorPaletteGenerator,
  ),
  demo(
    'physics-simulation',
    'Physics Pendulum Simulation',
    'Educational Content',
    ['physics', 'simulation'],
    physicsSimulation,
  ),
  demo(
    'gov-csp-dashboard',
    'Government Cloud Service Provider Dashboard',
    'Government Operations',
    ['government', 'cloud'],
    govCspDashboard,
  ),
  demo(
    'cio-cdao-dashboard',
    'CIO / CDAO Executive Dashboard',
    'Executive Analytics',
    ['executive', 'data'],
    cioCdaoDashboard,
  ),
  demo(
    'business-intelligence',
    'Business Intelligence Hub',
    'Business Analytics',
    ['kpi', 'analytics'],
    businessIntelligence,
  ),
  demo(
    'gov-operations',
    'Government Operations Center',
    'Government Applications',
    ['government', 'operations'],
    govOperations,
  ),
];

/** The six demos the landing page links (spec §9). */
export const LANDING_DEMO_IDS = [
  'gov-csp-dashboard',
  'cio-cdao-dashboard',
  'gov-operations',
  'compliance-dashboard',
  'sales-dashboard',
  'business-intelligence',
] as const;

export const isDemoId = (viewId: string): boolean => viewId.startsWith(DEMO_ID_PREFIX);

/** Looks a demo up by its catalogue id (the view id without the 'demo-' prefix). */
export function findDemo(id: string): DemoArtifact | undefined {
  return DEMO_ARTIFACTS.find((d) => d.id === id);
}

/** Looks a demo up by a view id such as 'demo-task-manager'. */
export function findDemoByViewId(viewId: string): DemoArtifact | undefined {
  return isDemoId(viewId) ? findDemo(viewId.slice(DEMO_ID_PREFIX.length)) : undefined;
}
