import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@cartwheel/ui/dropdown-menu';
import { BookOpen, Download, Inbox, MoreHorizontal, Plus, Store, Users } from 'lucide-react';
import { Link } from 'react-router';

/** Quick actions: Add product, View orders, Manage customers and More actions. */
export function QuickActions() {
  return (
    <Card data-testid="quick-actions">
      <CardHeader>
        <CardTitle>Quick actions</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Button variant="outline" asChild>
          <Link to="/products/new">
            <Plus aria-hidden="true" />
            Add product
          </Link>
        </Button>
        <Button variant="outline" asChild>
          <Link to="/orders">
            <Inbox aria-hidden="true" />
            View orders
          </Link>
        </Button>
        <Button variant="outline" asChild>
          <Link to="/customers">
            <Users aria-hidden="true" />
            Manage customers
          </Link>
        </Button>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline">
              <MoreHorizontal aria-hidden="true" />
              More actions
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="w-52">
            <DropdownMenuItem asChild>
              <a href="/api/admin/orders/export" download>
                <Download aria-hidden="true" />
                Export orders (CSV)
              </a>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <a href="/" target="_blank" rel="noreferrer">
                <Store aria-hidden="true" />
                View online store
              </a>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <a href="/api/docs" target="_blank" rel="noreferrer">
                <BookOpen aria-hidden="true" />
                API documentation
              </a>
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </CardContent>
    </Card>
  );
}
