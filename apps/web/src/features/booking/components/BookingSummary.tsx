import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { Slot } from '@vireo/contracts';
import { useBookingTexts } from '../texts';
import { formatDate, formatTime, zoneLabel } from '../time';

export interface SummaryRow {
  label: string;
  value: string;
}

/** The chosen appointment: service, date, time and zone named, price, and any extra rows (the person). */
export function BookingSummary({ serviceLabel, slot, timeZone, priceText, extra = [] }: { serviceLabel: string; slot: Pick<Slot, 'start_time' | 'end_time'>; timeZone: string; priceText?: string; extra?: SummaryRow[] }) {
  const { t, dateLocale } = useBookingTexts();
  const rows: SummaryRow[] = [
    { label: t('summary.service'), value: serviceLabel },
    { label: t('summary.date'), value: formatDate(slot.start_time, timeZone, dateLocale) },
    { label: t('summary.time'), value: `${formatTime(slot.start_time, timeZone, dateLocale)} – ${formatTime(slot.end_time, timeZone, dateLocale)}` },
    { label: t('summary.timeZone'), value: zoneLabel(timeZone, slot.start_time) },
    ...(priceText ? [{ label: t('summary.price'), value: priceText }] : []),
    ...extra,
  ];
  return (
    <Table size="small" sx={{ maxWidth: 560 }}>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.label}>
            <TableCell component="th" scope="row" sx={{ fontWeight: 600, width: '40%' }}>
              {row.label}
            </TableCell>
            <TableCell>{row.value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
