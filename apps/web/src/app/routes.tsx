import { type RouteObject } from 'react-router-dom';
import { LandingPage } from '../modules/landing/components/LandingPage';
import { NotFoundPage } from './NotFoundPage';

export const routes: RouteObject[] = [
  { path: '/', element: <LandingPage /> },
  { path: '*', element: <NotFoundPage /> },
];
