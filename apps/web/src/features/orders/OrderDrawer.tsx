import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Order, OrderItem } from '@vireo/contracts';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/QueryState';
import { useToast } from '../../components/toast/toastContext';
import { formatPence } from '../../lib/money';
import { useCurrentSession } from '../../lib/session';
import { useCanResend, useOrder, useOrderMutations, useProductsOnSale, useResend } from './api';
import { CancelOrderDialog } from './CancelOrderDialog';
import { DispatchForm } from './DispatchForm';
import { unitsToDispatch } from './dispatchUnits';
import { DrawerSection } from './DrawerSection';
import { formatPlaced } from './format';
import { OrderAddressView } from './OrderAddressView';
import { OrderAppointments } from './OrderAppointments';
import { OrderHistory } from './OrderHistory';
import { OrderNotes } from './OrderNotes';
import { OrderProducts } from './OrderProducts';
import { useAllows } from './useAllows';

/** A term and its value, as one row of a description list. */
function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function DetailList({ children }: { children: ReactNode }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(8rem, max-content) 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
      {children}
    </Box>
  );
}

function OrderDetails({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const { showToast } = useToast();
  const session = useCurrentSession();
  const mutations = useOrderMutations(order.id);
  const canEditItems = useAllows('orders.edit_items');
  const products = useProductsOnSale(canEditItems);
  const canSetComplete = useAllows('orders.set_payment_complete');
  const canResend = useCanResend();
  const resend = useResend();
  const [cancelling, setCancelling] = useState(false);
  const none = t('drawer.purchase.none');

  /** A change of the order: its success text as a toast, or the server's refusal; answers whether it was made. */
  const change = async (run: () => Promise<unknown>, success: string): Promise<boolean> => {
    try {
      await run();
      showToast(success, 'success');
      return true;
    } catch (error) {
      showToast(error instanceof Error ? error.message : t('drawer.failed'), 'error');
      return false;
    }
  };
  const line = (item: OrderItem) => ({ product_id: item.product_id, bundle_id: item.bundle_id });

  const dispatchable = order.payment_flag === 'Complete' && order.shipping_flag === 'Processing';
  // A cancelled order's charge given back through the gateway: the payment shows as refunded, with the amount.
  const refundedPence = order.payments.filter((payment) => payment.kind === 'refund' && payment.outcome === 'approved').reduce((sum, payment) => sum + payment.amount, 0);
  const cancellable = order.shipping_flag !== 'cancelled';

  return (
    <Stack spacing={3} divider={<Divider flexItem />}>
      <DrawerSection title={t('drawer.purchase.title')}>
        <DetailList>
          <Detail term={t('drawer.purchase.id')}>{order.id}</Detail>
          <Detail term={t('drawer.purchase.shortToken')}>{order.short_token}</Detail>
          <Detail term={t('drawer.purchase.placed')}>{formatPlaced(order.created_at)}</Detail>
          <Detail term={t('drawer.purchase.source')}>{order.source}</Detail>
          <Detail term={t('drawer.purchase.payment')}>
            {refundedPence > 0 ? t('drawer.purchase.refunded', { amount: formatPence(refundedPence, order.currency) }) : t(`flags.payment.${order.payment_flag}`)}
          </Detail>
          <Detail term={t('drawer.purchase.transaction')}>{order.transaction_id ?? none}</Detail>
          <Detail term={t('drawer.purchase.originalPrice')}>{formatPence(order.original_price, order.currency)}</Detail>
          <Detail term={t('drawer.purchase.discount')}>{order.discount ? `${order.discount} (−${formatPence(order.discount_amount, order.currency)})` : none}</Detail>
          <Detail term={t('drawer.purchase.vat')}>{formatPence(order.vat, order.currency)}</Detail>
          <Detail term={t('drawer.purchase.price')}>{formatPence(order.price, order.currency)}</Detail>
        </DetailList>
        {order.payment_flag === 'Failed' && canSetComplete && (
          <div>
            <Button variant="outlined" loading={mutations.setPaymentComplete.isPending} onClick={() => void change(() => mutations.setPaymentComplete.mutateAsync(), t('drawer.purchase.setCompleteDone'))}>
              {t('drawer.purchase.setComplete')}
            </Button>
          </div>
        )}
      </DrawerSection>

      <OrderNotes notes={order.order_notes} adding={mutations.addNote.isPending} onAdd={(note) => mutations.addNote.mutateAsync(note)} />

      <OrderProducts
        items={order.items}
        currency={order.currency}
        editable={canEditItems}
        products={products.data ?? []}
        changes={{
          setProduct: (item, productId) => change(() => mutations.setQuantity.mutateAsync({ ...line(item), new_product_id: productId }), t('drawer.products.changed')),
          saving: mutations.setQuantity.isPending || mutations.setFulfilled.isPending,
          setQuantity: (item, quantity) => change(() => mutations.setQuantity.mutateAsync({ ...line(item), quantity }), t('drawer.products.quantityUpdated')),
          setFulfilled: (item, fulfilled) => change(() => mutations.setFulfilled.mutateAsync({ ...line(item), fulfilled }), t('drawer.products.fulfilledUpdated')),
        }}
      />

      <OrderAppointments orderId={order.id} shortToken={order.short_token} />

      <DrawerSection title={t('drawer.billing.title')}>
        <DetailList>
          <Detail term={t('drawer.billing.name')}>{`${order.billing_detail.first_name} ${order.billing_detail.last_name}`}</Detail>
          <Detail term={t('drawer.billing.email')}>{order.billing_detail.email}</Detail>
          <Detail term={t('drawer.billing.telephone')}>{order.billing_detail.telephone ?? none}</Detail>
          <Detail term={t('drawer.billing.dateOfBirth')}>{order.billing_detail.date_of_birth ?? none}</Detail>
        </DetailList>
        {order.billing_address && <OrderAddressView title={t('drawer.billingAddress')} address={order.billing_address} />}
        {order.shipping_address && <OrderAddressView title={t('drawer.shippingAddress')} address={order.shipping_address} />}
      </DrawerSection>

      <DrawerSection title={t('drawer.shipping.title')}>
        <Typography>{t('drawer.shipping.status', { status: t(`flags.shipping.${order.shipping_flag}`) })}</Typography>
        {order.dispatches.length > 0 && (
          <DetailList>
            {order.dispatches.map((dispatch) => (
              <Detail key={dispatch.id} term={dispatch.kit_id}>
                {t('drawer.shipping.sent', { tracking: dispatch.tracking_reference, when: formatPlaced(dispatch.dispatched_at) })}
              </Detail>
            ))}
          </DetailList>
        )}
        {dispatchable && (
          // A new form when the units change (a quantity saved above), with a row for each.
          <DispatchForm key={unitsToDispatch(order).map((unit) => `${unit.product_id}:${unit.n}`).join()} order={order} onDispatch={(request) => mutations.dispatch.mutateAsync(request)} />
        )}
      </DrawerSection>

      {canResend && (
        <DrawerSection title={t('drawer.resend.title')}>
          <div>
            <Button
              variant="outlined"
              loading={resend.isPending}
              onClick={() =>
                resend.mutate(
                  { organisation_id: order.organisation_id ?? session.role.organisation_id, event: 'order.payment.complete', context: { order_id: order.id } },
                  { onSuccess: () => showToast(t('drawer.resend.done'), 'success'), onError: () => showToast(t('drawer.resend.failed'), 'error') },
                )
              }
            >
              {t('drawer.resend.order')}
            </Button>
          </div>
        </DrawerSection>
      )}

      <OrderHistory orderId={order.id} />

      {cancellable && (
        <div>
          <Button color="error" variant="outlined" onClick={() => setCancelling(true)}>
            {t('drawer.cancel.open')}
          </Button>
          {cancelling && <CancelOrderDialog orderId={order.id} billingEmail={order.billing_detail.email} onCancelOrder={(email) => mutations.cancel.mutateAsync(email)} onClose={() => setCancelling(false)} />}
        </div>
      )}
    </Stack>
  );
}

/** One order's details beside the list (spec 3 §2.9): purchase, notes, products, addresses, shipping and dispatch, cancel. */
export function OrderDrawer({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const titleId = useId();
  const order = useOrder(orderId);
  return (
    <Drawer anchor="right" open onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', md: 720 }, p: 3 }, role: 'dialog', 'aria-labelledby': titleId } }}>
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id={titleId} component="h2" variant="h5">
          {t('drawer.label', { id: order.data?.short_token ?? orderId })}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('drawer.close')}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <QueryState query={order} errorText={t('drawer.error')}>
        {(data) => <OrderDetails order={data} />}
      </QueryState>
    </Drawer>
  );
}
