import {
  useId,
  type ChangeEventHandler,
  type FocusEventHandler,
  type ReactNode,
  type Ref,
} from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface TextInputProps {
  label: string;
  name?: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  fullWidth?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  value?: string;
  onChange?: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  disabled?: boolean;
  required?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  endAdornment?: ReactNode;
  size?: 'small' | 'medium';
  /** Attributes of the input element itself, as TextField's `slotProps.htmlInput`. */
  htmlInput?: {
    spellCheck?: boolean;
    autoCapitalize?: string;
    inputMode?: 'numeric' | 'text' | 'email';
  };
  // What a react-hook-form registration may carry besides its handlers (lib/form-field.ts).
  min?: string | number;
  max?: string | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

/**
 * An outlined text field drawn as MUI's TextField draws it (label, outline, helper text, the
 * same classes and accessible names), from its parts. TextField also imports Select, with its
 * menu, popover and list, for its `select` mode: about 11 KB of compressed script that the sign-in
 * page, which a phone loads first, never uses (docs/performance.md). Screens loaded
 * later keep TextField.
 */
export function TextInput({
  label,
  helperText,
  error = false,
  fullWidth = false,
  disabled = false,
  required = false,
  inputRef,
  endAdornment,
  size = 'medium',
  htmlInput,
  min,
  max,
  minLength,
  maxLength,
  pattern,
  ...input
}: TextInputProps) {
  const id = useId();
  const helperId = `${id}-helper-text`;
  return (
    <FormControl
      variant="outlined"
      error={error}
      fullWidth={fullWidth}
      disabled={disabled}
      required={required}
      size={size}
    >
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        inputRef={inputRef}
        endAdornment={endAdornment}
        inputProps={{ ...htmlInput, min, max, minLength, maxLength, pattern }}
        aria-describedby={helperText ? helperId : undefined}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
