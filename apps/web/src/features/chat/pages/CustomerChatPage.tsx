import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { CustomerChat } from '../components/CustomerChat';

/** /chats/app/customer (public): the customer's chat on a page of its own. */
export function CustomerChatPage() {
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', p: 2 }}>
      <Paper sx={{ p: 3 }}>
        <CustomerChat headingLevel="h1" />
      </Paper>
    </Box>
  );
}
