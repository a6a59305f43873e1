import type { SvgIconComponent } from '@mui/icons-material';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import AssessmentIcon from '@mui/icons-material/Assessment';
import AssignmentIcon from '@mui/icons-material/Assignment';
import BarChartIcon from '@mui/icons-material/BarChart';
import BuildIcon from '@mui/icons-material/Build';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import CampaignIcon from '@mui/icons-material/Campaign';
import ChecklistIcon from '@mui/icons-material/Checklist';
import ConstructionIcon from '@mui/icons-material/Construction';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import EditCalendarIcon from '@mui/icons-material/EditCalendar';
import EditNoteIcon from '@mui/icons-material/EditNote';
import EngineeringIcon from '@mui/icons-material/Engineering';
import EventIcon from '@mui/icons-material/Event';
import EventNoteIcon from '@mui/icons-material/EventNote';
import GroupIcon from '@mui/icons-material/Group';
import GroupsIcon from '@mui/icons-material/Groups';
import HandymanIcon from '@mui/icons-material/Handyman';
import InventoryIcon from '@mui/icons-material/Inventory';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LinkIcon from '@mui/icons-material/Link';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import ReceiptIcon from '@mui/icons-material/Receipt';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ScheduleIcon from '@mui/icons-material/Schedule';
import ScienceIcon from '@mui/icons-material/Science';
import SettingsIcon from '@mui/icons-material/Settings';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import SpaceDashboardIcon from '@mui/icons-material/SpaceDashboard';
import StickyNote2Icon from '@mui/icons-material/StickyNote2';
import SummarizeIcon from '@mui/icons-material/Summarize';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import TodayIcon from '@mui/icons-material/Today';
import WorkIcon from '@mui/icons-material/Work';

/**
 * The server names icons by their MUI name (listUsersNavigation's `icon`). Only these are bundled: importing the
 * whole icon set would cost megabytes for a menu of twenty entries.
 */
const ICONS: Record<string, SvgIconComponent> = {
  AccessTime: AccessTimeIcon,
  AdminPanelSettings: AdminPanelSettingsIcon,
  Article: ArticleOutlinedIcon,
  Assessment: AssessmentIcon,
  Assignment: AssignmentIcon,
  BarChart: BarChartIcon,
  Build: BuildIcon,
  CalendarMonth: CalendarMonthIcon,
  Campaign: CampaignIcon,
  Checklist: ChecklistIcon,
  Construction: ConstructionIcon,
  Dashboard: DashboardIcon,
  Description: DescriptionIcon,
  EditCalendar: EditCalendarIcon,
  EditNote: EditNoteIcon,
  Engineering: EngineeringIcon,
  Event: EventIcon,
  EventNote: EventNoteIcon,
  Group: GroupIcon,
  Groups: GroupsIcon,
  Handyman: HandymanIcon,
  Inventory: InventoryIcon,
  Inventory2: Inventory2Icon,
  Link: LinkIcon,
  ManageAccounts: ManageAccountsIcon,
  Notifications: NotificationsIcon,
  People: PeopleIcon,
  Person: PersonIcon,
  Receipt: ReceiptIcon,
  ReceiptLong: ReceiptLongIcon,
  Schedule: ScheduleIcon,
  Science: ScienceIcon,
  Settings: SettingsIcon,
  ShoppingCart: ShoppingCartIcon,
  SmartToy: SmartToyIcon,
  SpaceDashboard: SpaceDashboardIcon,
  StickyNote2: StickyNote2Icon,
  Summarize: SummarizeIcon,
  Task: TaskAltIcon,
  TaskAlt: TaskAltIcon,
  Today: TodayIcon,
  Work: WorkIcon,
};

/** When the server sends no icon, or one not bundled here: by the area the path belongs to. */
const BY_PATH: Record<string, SvgIconComponent> = {
  '/dashboard': SpaceDashboardIcon,
  '/modules/timecards': AccessTimeIcon,
  '/modules/projects': WorkIcon,
  '/admin/projects': EngineeringIcon,
  '/modules/people': PeopleIcon,
  '/admin/people': ManageAccountsIcon,
  '/modules/tool20': HandymanIcon,
  '/modules/receipts': ReceiptLongIcon,
  '/modules/ordering': ShoppingCartIcon,
  '/modules/inventory': Inventory2Icon,
  '/modules/scheduled': EventNoteIcon,
  '/modules/scheduling': CalendarMonthIcon,
  '/admin/scheduling': EditCalendarIcon,
  '/modules/announcements': CampaignIcon,
  '/modules/project-notes': StickyNote2Icon,
  '/modules/external-links': LinkIcon,
  '/modules/tasks': TaskAltIcon,
  '/modules/chatbot': SmartToyIcon,
  '/notifications': NotificationsIcon,
  '/admin/reports': AssessmentIcon,
  '/reports/people-report': SummarizeIcon,
  '/test': ScienceIcon,
};

export function navigationIcon(icon: string | null | undefined, path: string): SvgIconComponent {
  const name = icon?.replace(/Icon$/, '');
  return (name && ICONS[name]) || BY_PATH[path] || ArticleOutlinedIcon;
}
