import type { SvgIconProps } from '@mui/material/SvgIcon';
import AirIcon from '@mui/icons-material/Air';
import AirOutlinedIcon from '@mui/icons-material/AirOutlined';
import BloodtypeIcon from '@mui/icons-material/Bloodtype';
import DeviceThermostatIcon from '@mui/icons-material/DeviceThermostat';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import MonitorWeightIcon from '@mui/icons-material/MonitorWeight';
import ScienceIcon from '@mui/icons-material/Science';
import SentimentSatisfiedAltIcon from '@mui/icons-material/SentimentSatisfiedAlt';
import SpeedIcon from '@mui/icons-material/Speed';
import WaterDropIcon from '@mui/icons-material/WaterDrop';
import type { MeasureId } from '@vitalia/health/measure.catalog';

const icons: Record<MeasureId, typeof AirIcon> = {
  oxygen: BloodtypeIcon,
  sugar: WaterDropIcon,
  bmi: MonitorWeightIcon,
  mood: SentimentSatisfiedAltIcon,
  pulse: MonitorHeartIcon,
  bloodPressure: SpeedIcon,
  breathing: AirIcon,
  temperature: DeviceThermostatIcon,
  cholesterol: ScienceIcon,
  respiratoryRate: AirOutlinedIcon,
};

/** A picture for each measure; decorative, as the measure's name is always beside it. */
export function MeasureIcon({ measure, ...props }: { measure: MeasureId } & SvgIconProps) {
  const Icon = icons[measure];
  return <Icon aria-hidden {...props} />;
}
