import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import SaveIcon from '@mui/icons-material/Save';
import type { OrderCurrency, OrderItem, Product } from '@vireo/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPence } from '../../lib/money';
import { DrawerSection } from './DrawerSection';

/** A count typed into a field: a whole number from 0, else undefined. */
function countOf(typed: string): number | undefined {
  return /^\d{1,5}$/.test(typed.trim()) ? Number(typed.trim()) : undefined;
}

/**
 * One count of a line (its quantity or its fulfilment): a number field (min 0) with its own Save,
 * which sends only a whole number that differs from the order's; read-only without `editable`.
 */
function CountField({ label, saveLabel, value, editable, saving, onSave }: { label: string; saveLabel: string; value: number; editable: boolean; saving: boolean; onSave: (count: number) => Promise<boolean> }) {
  const [typed, setTyped] = useState(String(value));
  const [shown, setShown] = useState(value);
  // The order answered a new value (saved here or elsewhere): the field shows it.
  if (shown !== value) {
    setShown(value);
    setTyped(String(value));
  }
  const count = countOf(typed);
  const changed = count !== undefined && count !== value;
  const save = async () => {
    if (changed && !(await onSave(count))) setTyped(String(value));
  };
  return (
    <Stack
      component="form"
      direction="row"
      spacing={0.5}
      sx={{ alignItems: 'center' }}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <TextField
        type="number"
        size="small"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        error={count === undefined}
        slotProps={{ htmlInput: { min: 0, step: 1, readOnly: !editable, 'aria-label': label } }}
        sx={{ width: 110 }}
      />
      {editable && (
        <IconButton type="submit" aria-label={saveLabel} disabled={!changed || saving} size="small">
          <SaveIcon fontSize="small" />
        </IconButton>
      )}
    </Stack>
  );
}

/** Change product: the products on sale in the order's currency that are not on it yet. */
function ProductSwitch({ item, label, choices, disabled, onChange }: { item: OrderItem; label: string; choices: readonly Product[]; disabled: boolean; onChange: (productId: string) => void }) {
  return (
    <TextField select size="small" label={label} value="" disabled={disabled || choices.length === 0} onChange={(event) => onChange(event.target.value)} sx={{ mt: 1, minWidth: 220 }}>
      {choices.map((product) => (
        <MenuItem key={product.id} value={product.id} disabled={product.id === item.product_id}>
          {product.title}
        </MenuItem>
      ))}
    </TextField>
  );
}

export interface ProductChanges {
  /** Each answers whether the change was saved. */
  setProduct: (item: OrderItem, productId: string) => Promise<boolean>;
  setQuantity: (item: OrderItem, quantity: number) => Promise<boolean>;
  setFulfilled: (item: OrderItem, fulfilled: number) => Promise<boolean>;
  saving: boolean;
}

/** The order's lines with their Quantity and Fulfilment, editable with `orders.edit_items`. */
export function OrderProducts({
  items,
  currency,
  editable,
  products,
  changes,
}: {
  items: readonly OrderItem[];
  currency: OrderCurrency;
  editable: boolean;
  /** The products on sale, to change a line's product (editable only). */
  products: readonly Product[];
  changes: ProductChanges;
}) {
  const { t } = useTranslation('orders');
  const choices = products.filter((product) => product.currency === currency && !items.some((item) => item.product_id === product.id));
  return (
    <DrawerSection title={t('drawer.products.title')}>
      <Table size="small" aria-label={t('drawer.products.label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('drawer.products.product')}</TableCell>
            <TableCell>{t('drawer.products.price')}</TableCell>
            <TableCell>{t('drawer.products.quantity')}</TableCell>
            <TableCell>{t('drawer.products.fulfilled')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.id}>
              <TableCell>
                {item.product.title}
                <br />
                <small>{item.product.sku}</small>
                {editable && (
                  <ProductSwitch
                    item={item}
                    label={t('drawer.products.change', { title: item.product.title })}
                    choices={choices}
                    disabled={changes.saving}
                    onChange={(productId) => void changes.setProduct(item, productId)}
                  />
                )}
              </TableCell>
              <TableCell>{formatPence(item.amount - item.discount_amount, currency)}</TableCell>
              <TableCell>
                <CountField
                  label={t('drawer.products.quantityOf', { title: item.product.title })}
                  saveLabel={t('drawer.products.saveQuantity', { title: item.product.title })}
                  value={item.quantity}
                  editable={editable}
                  saving={changes.saving}
                  onSave={(quantity) => changes.setQuantity(item, quantity)}
                />
              </TableCell>
              <TableCell>
                <CountField
                  label={t('drawer.products.fulfilledOf', { title: item.product.title })}
                  saveLabel={t('drawer.products.saveFulfilled', { title: item.product.title })}
                  value={item.fulfilled}
                  editable={editable}
                  saving={changes.saving}
                  onSave={(fulfilled) => changes.setFulfilled(item, fulfilled)}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </DrawerSection>
  );
}
