import { ChartColumn } from 'lucide-react';
import { EmptyState } from '../components/empty-state.tsx';
import { PageHeader } from '../components/page-header.tsx';

export function DashboardRoute() {
  return (
    <>
      <PageHeader title="Dashboard" />
      <EmptyState icon={ChartColumn} title="Your store at a glance">
        Sales, orders and store activity will show up here.
      </EmptyState>
    </>
  );
}
