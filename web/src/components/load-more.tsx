import { Button, Group, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

interface LoadMoreProps {
  shown: number
  total: number
  hasMore: boolean
  loading: boolean
  onLoadMore: () => void
  'data-testid'?: string
}

/** Under a paginated list: "n of total", and a Load more button while there is more (security review L-10). */
export function LoadMore({ shown, total, hasMore, loading, onLoadMore, ...rest }: LoadMoreProps) {
  const { t } = useTranslation('common')
  const testId = rest['data-testid'] ?? 'load-more'
  return (
    <Group justify="space-between" gap="sm" data-testid={`${testId}-bar`}>
      <Text size="sm" c="dimmed" data-testid={`${testId}-count`}>
        {t('pagination.shown', { shown, total })}
      </Text>
      {hasMore && (
        <Button variant="default" size="xs" loading={loading} onClick={onLoadMore} data-testid={testId}>
          {t('pagination.loadMore')}
        </Button>
      )}
    </Group>
  )
}
