import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import FolderOpenOutlined from '@mui/icons-material/FolderOpenOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import MovieFilterOutlined from '@mui/icons-material/MovieFilterOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import CircleOutlined from '@mui/icons-material/CircleOutlined';

type IconComponent = typeof DashboardOutlined;

const NAV_ICONS: Record<string, IconComponent> = {
  '/overview': DashboardOutlined,
  '/subject-management': MenuBookOutlined,
  '/subject-review': FactCheckOutlined,
  '/file-explorer': FolderOpenOutlined,
  '/transcoding-manager': MovieFilterOutlined,
  '/publisher': StorefrontOutlined,
  '/coupons': LocalOfferOutlined,
  '/deliveryManagement': LocalShippingOutlined,
  '/student-management': SchoolOutlined,
  '/orders': ReceiptLongOutlined,
  '/gst-report': RequestQuoteOutlined,
  '/batch-management': GroupsOutlined,
  '/live-classes': VideocamOutlined,
  '/go-live': SensorsOutlined,
  '/student-updates': CampaignOutlined,
  '/legal': GavelOutlined,
  '/user-management': AdminPanelSettingsOutlined,
};

/** The navigation icon of a page path (a plain circle for pages added later without one). */
export function navIcon(path: string): IconComponent {
  return NAV_ICONS[path] ?? CircleOutlined;
}
