import { useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CONSTANTS, isValidMobileNumber } from '@lectern/contract';
import { LecternLogo } from '../../../components/lectern-logo';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useConfig } from '../../../lib/config-query';
import { errorMessage } from '../../../lib/query-client';
import { useSession } from '../../../lib/session';
import { useDemoCode } from '../api/demo-outbox';
import { useLogin } from '../api/login';
import { useSendOtp } from '../api/send-otp';
import { formatCountdown, useCountdown } from '../hooks/use-countdown';
import { DemoNumbers } from './demo-numbers';
import { LoginField } from './login-field';

const MOBILE_ERROR = 'Enter a 10-digit mobile number.';
const CODE_ERROR = `Enter the ${CONSTANTS.otpLength}-digit code.`;

/** Where the guard was sending the visitor before it asked them to sign in. */
function returnPath(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('from' in state)) return '/overview';
  const from = state.from;
  if (typeof from !== 'object' || from === null || !('pathname' in from) || typeof from.pathname !== 'string') {
    return '/overview';
  }
  const search = 'search' in from && typeof from.search === 'string' ? from.search : '';
  const hash = 'hash' in from && typeof from.hash === 'string' ? from.hash : '';
  return from.pathname.startsWith('/auth/') ? '/overview' : from.pathname + search + hash;
}

function digits(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/** Sign-in, two steps (spec 1 §4): request a code for a mobile number, then sign in with it. */
export default function LoginPage() {
  useDocumentTitle('Sign in');
  const location = useLocation();
  const session = useSession();
  const config = useConfig();
  const demoMode = config.data?.demoMode === true;

  const [mobileNumber, setMobileNumber] = useState('');
  const [mobileError, setMobileError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  /** set once a code was requested: the second step */
  const [sent, setSent] = useState<{ at: number; resendAt: number; message: string | undefined } | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const mobileInput = useRef<HTMLInputElement>(null);

  const sendOtp = useSendOtp();
  const login = useLogin();
  const secondsToResend = useCountdown(sent?.resendAt ?? null);
  const demoCode = useDemoCode(mobileNumber, sent?.at ?? 0, demoMode && sent !== null);

  if (session) return <Navigate to={returnPath(location.state)} replace />;

  const requestCode = (event?: FormEvent) => {
    event?.preventDefault();
    if (!isValidMobileNumber(mobileNumber)) {
      setMobileError(MOBILE_ERROR);
      mobileInput.current?.focus();
      return;
    }
    setMobileError(null);
    login.reset();
    sendOtp.mutate(
      { mobileNumber },
      {
        onSuccess: (result) => {
          const now = Date.now();
          setSent({ at: now, resendAt: now + result.data.resendAfterSeconds * 1000, message: result.message });
          setCode('');
          setCodeError(null);
        },
      },
    );
  };

  const signIn = (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== CONSTANTS.otpLength) {
      setCodeError(CODE_ERROR);
      codeInput.current?.focus();
      return;
    }
    setCodeError(null);
    login.mutate({ mobileNumber, code }, { onError: () => codeInput.current?.select() });
  };

  const changeNumber = () => {
    setSent(null);
    setCode('');
    setCodeError(null);
    sendOtp.reset();
    login.reset();
    requestAnimationFrame(() => mobileInput.current?.focus());
  };

  const failure = sent ? login.error : sendOtp.error;

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: { xs: 'flex-start', sm: 'center' },
        justifyContent: 'center',
        px: 2,
        py: { xs: 4, sm: 6 },
        background: 'linear-gradient(160deg, #EEF0FF 0%, #F4F5FA 45%, #FFFFFF 100%)',
      }}
    >
      <Box sx={{ width: '100%', maxWidth: 440 }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
          <LecternLogo size={40} />
        </Box>
        <Card sx={{ borderRadius: 3, boxShadow: '0 12px 40px rgba(40, 44, 80, 0.08)' }}>
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
            <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
              Sign in
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
              {sent
                ? (sent.message ?? `Enter the ${CONSTANTS.otpLength}-digit code sent to +91 ${mobileNumber}.`)
                : 'Staff console. We will send a one-time code to your mobile number.'}
            </Typography>

            {failure && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {errorMessage(failure)}
              </Alert>
            )}

            {!sent ? (
              <Box component="form" noValidate onSubmit={requestCode}>
                <LoginField
                  inputRef={mobileInput}
                  label="Mobile number"
                  value={mobileNumber}
                  onChange={(value) => {
                    setMobileNumber(digits(value, 10));
                    setMobileError(null);
                  }}
                  error={mobileError}
                  autoFocus
                  autoComplete="tel-national"
                  htmlInput={{ inputMode: 'numeric', maxLength: 10, pattern: '[0-9]*' }}
                  startAdornment={<InputAdornment position="start">+91</InputAdornment>}
                />
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  fullWidth
                  loading={sendOtp.isPending}
                  sx={{ mt: 1 }}
                >
                  Request code
                </Button>
                {demoMode && (
                  <DemoNumbers
                    onPick={(number) => {
                      setMobileNumber(number);
                      setMobileError(null);
                      mobileInput.current?.focus();
                    }}
                  />
                )}
              </Box>
            ) : (
              <Box component="form" noValidate onSubmit={signIn}>
                {demoMode && demoCode && (
                  <Alert
                    severity="info"
                    role="status"
                    sx={{ mb: 2 }}
                    action={
                      <Button color="inherit" size="small" onClick={() => setCode(demoCode)}>
                        Use it
                      </Button>
                    }
                  >
                    Demo mode: your code is {demoCode}
                  </Alert>
                )}
                {/* it appears once the code is sent: focused then, so the keyboard goes on where it was */}
                <LoginField
                  inputRef={codeInput}
                  autoFocus
                  label="One-time code"
                  value={code}
                  onChange={(value) => {
                    setCode(digits(value, CONSTANTS.otpLength));
                    setCodeError(null);
                  }}
                  error={codeError}
                  autoComplete="one-time-code"
                  htmlInput={{
                    inputMode: 'numeric',
                    maxLength: CONSTANTS.otpLength,
                    pattern: '[0-9]*',
                    style: { letterSpacing: '0.4em', fontVariantNumeric: 'tabular-nums' },
                  }}
                />
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  fullWidth
                  loading={login.isPending}
                  sx={{ mt: 1 }}
                >
                  Sign in
                </Button>
                <Stack
                  direction="row"
                  sx={{ mt: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
                >
                  <Button onClick={changeNumber} size="small">
                    Change number
                  </Button>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                    <Button
                      size="small"
                      onClick={() => requestCode()}
                      disabled={secondsToResend > 0 || sendOtp.isPending}
                    >
                      Resend code
                    </Button>
                    {secondsToResend > 0 && (
                      <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                        in {formatCountdown(secondsToResend)}
                      </Typography>
                    )}
                  </Box>
                </Stack>
              </Box>
            )}
          </CardContent>
        </Card>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ textAlign: 'center', mt: 3 }}>
          © 2026 Lectern
        </Typography>
      </Box>
    </Box>
  );
}
