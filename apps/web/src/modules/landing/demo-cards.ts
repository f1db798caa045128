/** The six demo cards of the landing page (spec accounts §2), each opening /view/demo-{id}. */
export const LANDING_DEMOS = [
  {
    id: 'demo-gov-csp-dashboard',
    title: 'Government CSP Dashboard',
    text: 'Cloud service provider posture across agencies, refreshed live.',
    category: 'Government Operations',
  },
  {
    id: 'demo-cio-cdao-dashboard',
    title: 'CIO / CDAO Dashboard',
    text: 'Executive analytics for technology and data leaders.',
    category: 'Executive Analytics',
  },
  {
    id: 'demo-gov-operations',
    title: 'Government Operations Center',
    text: 'Service counters and operational status at a glance.',
    category: 'Government Applications',
  },
  {
    id: 'demo-compliance-dashboard',
    title: 'Compliance Dashboard',
    text: 'Compliance score, open audit items, training and risk level.',
    category: 'Compliance & Audit',
  },
  {
    id: 'demo-sales-dashboard',
    title: 'Sales Dashboard',
    text: 'Revenue, pipeline and regional performance charts.',
    category: 'Data Visualizations',
  },
  {
    id: 'demo-business-intelligence',
    title: 'Business Intelligence Hub',
    text: 'KPIs across the business with animated count-ups.',
    category: 'Business Analytics',
  },
] as const;
