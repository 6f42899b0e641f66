import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { TextInput, type TextInputProps } from './text-input';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';

type PasswordFieldProps = Omit<TextInputProps, 'type' | 'endAdornment'>;

/** A password input whose text can be shown, so a long password can be checked before sending. */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  // Named after the field, so a form with several of these has buttons that can be told apart.
  const toggleLabel = `${visible ? 'Hide' : 'Show'} ${props.label.toLowerCase()}`;
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={toggleLabel}
            onClick={() => setVisible((shown) => !shown)}
            // Keeps focus (and the caret) in the field while the button is pressed.
            onMouseDown={(event) => event.preventDefault()}
            edge="end"
          >
            {visible ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
