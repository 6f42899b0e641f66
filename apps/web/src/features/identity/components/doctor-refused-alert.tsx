import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

/** Spec section 6: doctors are turned away from the web app with 'Please use the mobile app'. */
export function DoctorRefusedAlert() {
  return (
    <Alert severity="warning">
      <AlertTitle>Please use the mobile app</AlertTitle>
      Doctor accounts sign in through the Vitalia mobile app. You have not been signed in here.
    </Alert>
  );
}
