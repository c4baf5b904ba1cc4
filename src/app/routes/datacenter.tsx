import { DatacenterPage } from './datacenter-page';

export default function DatacenterRoute() {
  return <DatacenterPage />;
}
