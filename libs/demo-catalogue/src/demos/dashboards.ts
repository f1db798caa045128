import { DEMO_TIMINGS } from '../timings';
import { metricDashboard } from './metric-dashboard';

export const govCspDashboard = metricDashboard({
  title: 'Government Cloud Service Provider Dashboard',
  subtitle: 'Authorised cloud services across agencies (fake data) · refreshes every 5 s',
  refreshMs: DEMO_TIMINGS.govCsp.refreshMs,
  metrics: [
    {
      id: 'uptime',
      label: 'Service uptime',
      value: 99.95,
      spread: 0.04,
      min: 99.5,
      max: 100,
      unit: '%',
      decimals: 2,
    },
    {
      id: 'authorized',
      label: 'Authorised services',
      value: 312,
      spread: 4,
      min: 290,
      max: 340,
      unit: '',
      decimals: 0,
    },
    { id: 'incidents', label: 'Open incidents', value: 7, spread: 3, min: 0, max: 25, unit: '', decimals: 0 },
    {
      id: 'spend',
      label: 'Monthly spend',
      value: 4_200_000,
      spread: 90_000,
      min: 3_500_000,
      max: 5_000_000,
      unit: '$',
      decimals: 0,
    },
  ],
  table: {
    head: ['Provider', 'Authorisation', 'Impact level', 'Status'],
    rows: [
      ['Nimbus Cloud', 'Agency ATO', 'Moderate', 'Active'],
      ['Stratus Gov', 'JAB P-ATO', 'High', 'Active'],
      ['Cirrus Data', 'In process', 'Low', 'Review'],
    ],
  },
});

export const cioCdaoDashboard = metricDashboard({
  title: 'CIO / CDAO Executive Dashboard',
  subtitle: 'Technology and data portfolio at a glance (fake data) · refreshes every 8 s',
  refreshMs: DEMO_TIMINGS.cioCdao.refreshMs,
  metrics: [
    { id: 'budget', label: 'IT budget used', value: 62, spread: 2, min: 40, max: 95, unit: '%', decimals: 1 },
    {
      id: 'quality',
      label: 'Data quality score',
      value: 91.4,
      spread: 1.5,
      min: 80,
      max: 99,
      unit: '%',
      decimals: 1,
    },
    { id: 'ai', label: 'AI initiatives live', value: 14, spread: 2, min: 8, max: 24, unit: '', decimals: 0 },
    { id: 'cyber', label: 'Cyber readiness', value: 87, spread: 2, min: 70, max: 99, unit: '%', decimals: 0 },
  ],
  table: {
    head: ['Programme', 'Owner', 'Phase', 'Health'],
    rows: [
      ['Data platform modernisation', 'CDAO', 'Build', 'On track'],
      ['Zero-trust network', 'CISO', 'Rollout', 'At risk'],
      ['Citizen portal', 'CIO', 'Discovery', 'On track'],
    ],
  },
});

export const businessIntelligence = metricDashboard({
  title: 'Business Intelligence Hub',
  subtitle: 'Company KPIs (fake data) · figures count up on load, timestamp every 30 s',
  refreshMs: DEMO_TIMINGS.businessIntelligence.timestampMs,
  timestampMs: DEMO_TIMINGS.businessIntelligence.timestampMs,
  countUpMs: DEMO_TIMINGS.businessIntelligence.countUpMs,
  metrics: [
    {
      id: 'revenue',
      label: 'Revenue (QTD)',
      value: 12_480_000,
      spread: 50_000,
      min: 12_000_000,
      max: 13_000_000,
      unit: '$',
      decimals: 0,
    },
    {
      id: 'customers',
      label: 'Active customers',
      value: 8_421,
      spread: 40,
      min: 8_000,
      max: 9_000,
      unit: '',
      decimals: 0,
    },
    { id: 'nps', label: 'Net promoter score', value: 61, spread: 2, min: 50, max: 75, unit: '', decimals: 0 },
    { id: 'churn', label: 'Monthly churn', value: 2, spread: 0.2, min: 1, max: 4, unit: '%', decimals: 1 },
  ],
  table: {
    head: ['Segment', 'Revenue', 'Growth'],
    rows: [
      ['Enterprise', '$7.9M', '+12%'],
      ['Mid-market', '$3.1M', '+8%'],
      ['SMB', '$1.5M', '+4%'],
    ],
  },
});

export const govOperations = metricDashboard({
  title: 'Government Operations Center',
  subtitle: 'Public service requests across departments (fake data) · counters update every 30 s',
  refreshMs: DEMO_TIMINGS.govOperations.countersMs,
  metrics: [
    {
      id: 'requests',
      label: 'Requests today',
      value: 1_284,
      spread: 60,
      min: 900,
      max: 2_000,
      unit: '',
      decimals: 0,
    },
    {
      id: 'resolved',
      label: 'Resolved',
      value: 1_032,
      spread: 50,
      min: 700,
      max: 1_800,
      unit: '',
      decimals: 0,
    },
    { id: 'wait', label: 'Average wait', value: 18, spread: 4, min: 5, max: 45, unit: ' min', decimals: 0 },
    {
      id: 'satisfaction',
      label: 'Satisfaction',
      value: 4.3,
      spread: 0.2,
      min: 3.5,
      max: 5,
      unit: ' / 5',
      decimals: 1,
    },
  ],
  table: {
    head: ['Department', 'Open', 'SLA'],
    rows: [
      ['Permits & licensing', '42', '96%'],
      ['Public works', '67', '91%'],
      ['Social services', '28', '98%'],
    ],
  },
});
