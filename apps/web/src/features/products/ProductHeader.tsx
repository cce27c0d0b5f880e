/**
 * The header of one product on the details screen (ordering §3 Product item (details)): subcode,
 * description, customer, pack size, minimum order quantity, inventory flag, and the product image when
 * the product has one.
 */
import { Badge, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { ProductItemDetails } from '@selvedge/shared';
import { useProductImageUrl } from '../../api/products';
import { RfidBadge } from '../../ui/RfidBadge';
import { formatCount } from './product-line';

/** The header of one product; its subcode is a level-3 heading under the screen's title. */
export function ProductHeader({ product }: { product: ProductItemDetails }) {
  const image = useProductImageUrl(product.productImagePath);
  return (
    <Paper withBorder radius="md" p="md" data-testid="product-header">
      <Group align="flex-start" wrap="nowrap" gap="lg">
        {image && (
          <Image
            src={image}
            alt={`${product.productSubcode} product image`}
            w={120}
            h={120}
            fit="contain"
            radius="sm"
            bg="gray.0"
            style={{ flexShrink: 0 }}
            data-testid="product-image"
          />
        )}
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          <Group gap="sm" wrap="wrap" align="center">
            <Title order={3} ff="monospace" data-testid="product-subcode">
              {product.productSubcode}
            </Title>
            {product.hasInventory && (
              <Badge variant="light" color="teal">
                Inventory product
              </Badge>
            )}
            {product.rfid && <RfidBadge />}
          </Group>
          <Text size="md" data-testid="product-description" style={{ overflowWrap: 'anywhere' }}>
            {product.description}
          </Text>
          <Group gap="xs" mt={4} wrap="wrap">
            <Badge
              variant="outline"
              color="gray"
              tt="none"
              size="lg"
              radius="sm"
              data-testid="product-customer"
            >
              Customer: {product.customer}
            </Badge>
            <Badge
              variant="outline"
              color="gray"
              tt="none"
              size="lg"
              radius="sm"
              data-testid="product-pack-size"
            >
              Pack size: {formatCount(product.packSize)}
            </Badge>
            <Badge variant="outline" color="gray" tt="none" size="lg" radius="sm" data-testid="product-moq">
              Minimum order: {formatCount(product.minOrderQuantity)}
            </Badge>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
