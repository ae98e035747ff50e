import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink } from 'react-router';

/** The two tabs of a management area (list and create), each its own page. */
export function ReferenceTabs({ label, current, tabs }: { label: string; current: 'list' | 'create'; tabs: { list: [string, string]; create: [string, string] } }) {
  return (
    <Tabs value={current} aria-label={label}>
      <Tab value="list" label={tabs.list[0]} component={RouterLink} to={tabs.list[1]} />
      <Tab value="create" label={tabs.create[0]} component={RouterLink} to={tabs.create[1]} />
    </Tabs>
  );
}
