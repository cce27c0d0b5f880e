/**
 * The navigation bar of a signed-in user (ordering §2 Navigation bar): brand, Orders (with the
 * "Needs my action" total, docs/decisions/0016), Products, Restock, the Configuration menu, the cart
 * icon, the user's name and role, and Log Out. Every entry follows ROUTE_ACCESS; Configuration lists
 * only screens that exist (EXISTING_SCREENS); the section of the screen shown is highlighted.
 * Below the md breakpoint (992px) the links move into a drawer behind a burger button; below lg
 * (1200px) the user's name collapses into an avatar with a tooltip.
 */
import {
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Box,
  Burger,
  Button,
  Divider,
  Drawer,
  Group,
  Indicator,
  NavLink as MantineNavLink,
  Menu,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  type AppRoute,
  CONFIGURATION_MENU,
  canAccessRoute,
  needsActionStepsFor,
  ROLE_LABELS,
  type Role,
  type UserPermission,
  type UserPermissionFlags,
} from '@selvedge/shared';
import {
  IconBuildingWarehouse,
  IconChevronDown,
  IconClipboardList,
  IconLogout,
  IconSettings,
  IconShirt,
  IconShoppingCart,
} from '@tabler/icons-react';
import { memo, useDeferredValue, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useBrandName } from '../api/app-config';
import { useCartStatusQuery } from '../api/cart';
import { useHasVendorQuery, useUserPermissionsQuery } from '../api/lookups';
import { useNeedsActionQuery } from '../api/orders';
import { logout } from '../features/session/session-store';
import { type SessionUserInfo, useSessionUser } from '../features/session/use-session';
import { EXISTING_SCREENS, navSectionOf } from '../routes/screens';

/** A top-level link of the bar, highlighted on the screens of its section (navSectionOf). */
interface NavItem {
  label: string;
  route: AppRoute;
  icon: typeof IconClipboardList;
  testId: string;
  /** A per-user permission the user must also hold (docs/decisions/0040), besides the route's roles. */
  userPermission?: UserPermission;
}

const NAV_ITEMS: NavItem[] = [
  {
    label: 'Orders',
    route: '/order-list',
    icon: IconClipboardList,
    testId: 'nav-orders',
  },
  {
    label: 'Products',
    route: '/product-list',
    icon: IconShirt,
    testId: 'nav-products',
  },
  {
    label: 'Restock',
    route: '/restock',
    icon: IconBuildingWarehouse,
    testId: 'nav-restock',
    userPermission: 'canRestock',
  },
];

/** Whether the role may hold a per-user permission at all (only then is GET /user-permissions asked). */
export const mayHoldUserPermission = (role: Role | null) =>
  NAV_ITEMS.some((item) => item.userPermission && canAccessRoute(item.route, role));

/**
 * The bar's links the role may open; a link needing a per-user permission only when `permissions`
 * (GET /user-permissions) says the user holds it (not while it is unknown).
 */
export function visibleNavItems(
  role: Role | null,
  permissions?: Partial<UserPermissionFlags> | null,
): NavItem[] {
  // Like the Configuration menu, a link appears once its screen exists.
  return NAV_ITEMS.filter(
    (item) =>
      canAccessRoute(item.route, role) &&
      EXISTING_SCREENS.has(item.route) &&
      (!item.userPermission || permissions?.[item.userPermission] === true),
  );
}

/** Configuration menu entries the role may open and that exist as screens (empty → menu hidden). */
export function visibleConfigurationItems(role: Role | null): typeof CONFIGURATION_MENU {
  return CONFIGURATION_MENU.filter(
    (item) => canAccessRoute(item.route, role) && EXISTING_SCREENS.has(item.route),
  );
}

/** The cart icon shows for cart roles, except an ADMIN without a vendor (or not yet known to have one). */
export function showsCart(role: Role | null, hasVendor: boolean | null): boolean {
  if (!canAccessRoute('/cart', role)) return false;
  return role !== 'ADMIN' || hasVendor === true;
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    parts.length > 1 ? parts[0][0] + parts[parts.length - 1][0] : (parts[0] ?? '?').slice(0, 2)
  ).toUpperCase();
}

/** The "Needs my action" total on Orders (docs/decisions/0016): orders waiting for this user. */
function NeedsActionBadge({ userId, role }: { userId: string; role: Role | null }) {
  const needs = useNeedsActionQuery(needsActionStepsFor(role).length > 0 ? userId : null);
  const total = needs.data?.total ?? 0;
  if (total <= 0) return null;
  return (
    <Badge size="sm" circle={total < 10} variant="filled" color="orange" data-testid="nav-needs-action">
      <span aria-hidden>{total}</span>
      <VisuallyHidden>{`, ${total} waiting for you`}</VisuallyHidden>
    </Badge>
  );
}

function CartButton({ userId, active }: { userId: string; active: boolean }) {
  const cart = useCartStatusQuery(userId, true);
  const count = cart.data?.itemCount ?? 0;
  const label = count > 0 ? `Cart (${count} item${count === 1 ? '' : 's'})` : 'Cart';
  return (
    <Tooltip label={label}>
      <Indicator label={count} size={16} disabled={count <= 0} offset={4}>
        <ActionIcon
          component={Link}
          to="/cart"
          variant={active ? 'light' : 'subtle'}
          size="lg"
          aria-current={active ? 'page' : undefined}
          aria-label="Cart"
          data-testid="nav-cart"
        >
          <IconShoppingCart size={22} stroke={1.6} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}

/**
 * The cart icon, for the roles that have a cart (an ADMIN only when linked to a vendor: it reads
 * /has-vendor itself, so that answer renders this alone, not the whole bar).
 */
function CartSlot({ userId, role, active }: { userId: string; role: Role; active: boolean }) {
  const hasVendor = useHasVendorQuery(userId);
  if (!showsCart(role, hasVendor.data?.hasVendor ?? null)) return null;
  return <CartButton userId={userId} active={active} />;
}

/** The brand name (its own component: /app-config's answer renders only the text). */
function Brand() {
  return useBrandName();
}

function UserInfo({ name, role }: { name: string; role: Role }) {
  const roleLabel = ROLE_LABELS[role];
  return (
    <>
      <Box visibleFrom="lg" data-testid="nav-user" style={{ lineHeight: 1.1, maxWidth: 220 }}>
        <Text size="sm" fw={600} truncate="end">
          {name}
        </Text>
        <Text size="xs" c="dimmed" truncate="end" data-testid="nav-role">
          {roleLabel}
        </Text>
      </Box>
      <Tooltip label={`${name} (${roleLabel})`} hiddenFrom="lg">
        <Avatar size="md" radius="xl" color="blue" hiddenFrom="lg" aria-label={`${name}, ${roleLabel}`}>
          {initials(name)}
        </Avatar>
      </Tooltip>
    </>
  );
}

/**
 * The header content for a signed-in user (mounted in AppLayout's header). It reads the session
 * itself and renders again only on a new user or location; the answers of the first load (brand,
 * counts, cart, hasVendor) each render only the part showing them (decision 0021, total blocking time).
 */
export const NavBar = memo(function NavBar() {
  const { role, user } = useSessionUser();
  const permissions = useUserPermissionsQuery(mayHoldUserPermission(role) ? (user?.id ?? null) : null);
  // The permissions' answer renders the bar again in the background, in slices: its own render, a
  // blocking one (TanStack Query subscribes through useSyncExternalStore), stops here (decision 0078).
  const granted = useDeferredValue(permissions.data);
  return <NavBarContent role={role} user={user} permissions={granted} />;
});

/** The bar itself, for the session's user and the permissions they hold (NavBar). */
const NavBarContent = memo(function NavBarContent({
  role,
  user,
  permissions,
}: {
  role: Role | null;
  user: SessionUserInfo['user'];
  permissions: ReturnType<typeof useUserPermissionsQuery>['data'];
}) {
  const { pathname, search } = useLocation();
  const [drawerOpened, drawer] = useDisclosure(false);
  const [loggingOut, setLoggingOut] = useState(false);

  const items = visibleNavItems(role, permissions);
  const configItems = visibleConfigurationItems(role);
  const section = navSectionOf(pathname, search);
  const isActive = (item: NavItem) => section === item.route;
  const configActive = configItems.some((c) => pathname === c.route || section === c.route);

  const onLogout = async () => {
    setLoggingOut(true);
    try {
      await logout('user');
    } finally {
      setLoggingOut(false);
    }
  };

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="md" wrap="nowrap" miw={0}>
        <Burger
          opened={drawerOpened}
          onClick={drawer.toggle}
          hiddenFrom="md"
          size="sm"
          aria-label="Open navigation"
        />
        <Anchor
          component={Link}
          to="/"
          fw={800}
          fz="lg"
          underline="never"
          c="inherit"
          style={{ whiteSpace: 'nowrap' }}
        >
          <Brand />
        </Anchor>
        <Group component="nav" aria-label="Main" gap={4} wrap="nowrap" visibleFrom="md">
          {items.map((item) => (
            <Button
              key={item.route}
              component={Link}
              to={item.route}
              variant={isActive(item) ? 'light' : 'subtle'}
              color={isActive(item) ? 'blue' : 'gray'}
              leftSection={<item.icon size={18} stroke={1.6} />}
              aria-current={isActive(item) ? 'page' : undefined}
              rightSection={
                item.route === '/order-list' && user ? (
                  <NeedsActionBadge userId={user.id} role={role} />
                ) : undefined
              }
              data-testid={item.testId}
            >
              {item.label}
            </Button>
          ))}
          {configItems.length > 0 && (
            <Menu position="bottom-start" shadow="md" width={240}>
              <Menu.Target>
                <Button
                  variant={configActive ? 'light' : 'subtle'}
                  color={configActive ? 'blue' : 'gray'}
                  leftSection={<IconSettings size={18} stroke={1.6} />}
                  rightSection={<IconChevronDown size={14} />}
                  data-testid="nav-configuration"
                >
                  Configuration
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {configItems.map((item) => (
                  <Menu.Item key={item.route} component={Link} to={item.route}>
                    {item.label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>

      <Group gap="sm" wrap="nowrap">
        {user && <CartSlot userId={user.id} role={user.role} active={section === '/cart'} />}
        {user && <UserInfo name={user.name || user.email} role={user.role} />}
        <Button
          variant="default"
          leftSection={<IconLogout size={18} stroke={1.6} />}
          onClick={onLogout}
          loading={loggingOut}
          data-testid="nav-logout"
        >
          Log Out
        </Button>
      </Group>

      <Drawer opened={drawerOpened} onClose={drawer.close} title={<Brand />} size="xs" hiddenFrom="md">
        <Stack gap={2} component="nav" aria-label="Main">
          {items.map((item) => (
            <MantineNavLink
              key={item.route}
              component={Link}
              to={item.route}
              label={item.label}
              leftSection={<item.icon size={18} stroke={1.6} />}
              active={isActive(item)}
              onClick={drawer.close}
            />
          ))}
          {configItems.length > 0 && (
            <>
              <Divider my="xs" label="Configuration" labelPosition="left" />
              {configItems.map((item) => (
                <MantineNavLink
                  key={item.route}
                  component={Link}
                  to={item.route}
                  label={item.label}
                  active={pathname === item.route}
                  onClick={drawer.close}
                />
              ))}
            </>
          )}
        </Stack>
      </Drawer>
    </Group>
  );
});
