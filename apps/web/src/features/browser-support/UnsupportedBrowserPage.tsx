import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ProductLogo } from '../../components/ProductLogo';
import { PRODUCT_NAME } from '../../lib/config';

/** The supported browsers per device (spec 1 §2). */
export const SUPPORTED_BROWSERS = [
  { device: 'iPhone and iPad (iOS)', browsers: ['Safari'] },
  { device: 'Android phones and tablets', browsers: ['Chrome', 'Firefox'] },
  { device: 'Windows, Linux and Chromebook computers', browsers: ['Chrome', 'Edge', 'Firefox', 'Opera'] },
  { device: 'Mac computers (macOS)', browsers: ['Chrome', 'Edge', 'Firefox', 'Opera', 'Safari'] },
];

/** /unsupported-browser: where video appointments send browsers that cannot make a video call. */
export function UnsupportedBrowserPage() {
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', p: 2, display: 'grid', placeItems: 'start center' }}>
      <Paper sx={{ p: 4, mt: 6, maxWidth: 640 }}>
        <Stack spacing={2}>
          <Typography component="p" variant="h5" color="primary">
            <ProductLogo />
          </Typography>
          <Typography component="h1" variant="h4">
            Your browser is not supported
          </Typography>
          <Typography>
            {PRODUCT_NAME} video appointments need a browser that can use your camera and microphone for a video call. Please open your appointment link in one
            of these browsers, updated to its latest version:
          </Typography>
          {SUPPORTED_BROWSERS.map(({ device, browsers }) => (
            <section key={device} aria-label={device}>
              <Typography component="h2" variant="h6">
                {device}
              </Typography>
              <Box component="ul" sx={{ mt: 0.5, pl: 3 }}>
                {browsers.map((browser) => (
                  <li key={browser}>{browser}</li>
                ))}
              </Box>
            </section>
          ))}
        </Stack>
      </Paper>
    </Box>
  );
}
