import { DatacenterPage } from '@/features/datacenter/components/datacenter-page';

export default function DatacenterRoute() {
  return <DatacenterPage />;
}
